import type { Page } from '@playwright/test';
import { signInAsAdmin, placeOrder } from './admin-helpers';
import { registerCompanyThroughApi, uniqueEmail } from './auth-helpers';
import { signInThroughApi } from './dashboard-helpers';
import { addDriverAndDispatch, signInDriverInBrowser } from './driver-helpers';
import { expect, test } from './fixtures';
import {
  expectNoSidewaysScrollOnAPhone,
  expectSidebarOnTheRight,
  expectTranslatedScreen,
} from './language-helpers';

/**
 * Arabic from the browser's own language, on every main screen of each area
 * (docs/decisions/0010-languages.md): right to left, no raw key, no English sentence, the
 * sidebar on the right, and no sideways scroll on a 375 px phone.
 */

test.use({ locale: 'ar-MA' });

async function sweep(page: Page, paths: readonly string[], options: { sidebar: boolean }) {
  for (const screen of paths) {
    await page.goto(screen);
    await expect(page.locator('main h1, h1').first()).toBeVisible();
    await expectTranslatedScreen(page, 'ar', screen);
    if (options.sidebar) await expectSidebarOnTheRight(page);
    await expectNoSidewaysScrollOnAPhone(page, screen);
  }
}

test('an Arabic visitor reads the public site and the sign-in pages right to left', async ({
  page,
}) => {
  await sweep(
    page,
    [
      '/',
      '/about',
      '/services',
      '/faq',
      '/team',
      '/track-shipment',
      '/contact-us',
      '/privacy-policy',
      '/login',
      '/register/individual',
      '/forgot-password',
      '/driver/login',
    ],
    { sidebar: false },
  );
});

test('an Arabic customer reads the dashboard, the wizard and an order right to left', async ({
  page,
}) => {
  const email = uniqueEmail('arabic-customer');
  await registerCompanyThroughApi(page.request, email);
  const token = await signInThroughApi(page, email);
  const order = await placeOrder(page.request, token, 'Marrakech');
  await sweep(
    page,
    [
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/tracking',
      '/dashboard/deliveries',
      '/dashboard/notifications',
      '/dashboard/profile',
      `/orders/${order.id}`,
    ],
    { sidebar: true },
  );
  await sweep(page, ['/new-order', '/calculate-distance'], { sidebar: false });
  // The city is listed in Arabic, as everywhere.
  await page.goto('/dashboard/orders');
  await expect(page.getByText('مراكش').first()).toBeVisible();
});

// The back office in two halves, so that each stays well inside the time limit on 2 cores.
test('an Arabic administrator follows orders right to left', async ({ page }) => {
  await signInAsAdmin(page);
  const email = uniqueEmail('arabic-admin-customer');
  await registerCompanyThroughApi(page.request, email);
  const login = await page.request.post('/api/auth/login', {
    data: { email, password: 'Secret@2026a' },
  });
  const { token } = (await login.json()) as { token: string };
  const order = await placeOrder(page.request, token, 'Tangier');
  await sweep(
    page,
    [
      '/admin',
      '/admin/orders',
      '/admin/confirmation-order',
      '/admin/tracking',
      '/admin/deliveries',
      '/admin/cancelled',
      `/admin/orders/${order.id}`,
    ],
    { sidebar: true },
  );
});

test('an Arabic administrator runs users, fleet, money and messages right to left', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await sweep(
    page,
    [
      '/admin/users',
      '/admin/trucks-active',
      '/admin/add-new',
      '/admin/revenue',
      '/admin/messages',
      '/admin/cash',
      '/admin/map',
    ],
    { sidebar: true },
  );
});

test('an Arabic driver reads their page right to left', async ({ page, browser }) => {
  const adminPage = await browser.newPage();
  const adminToken = await signInAsAdmin(adminPage);
  const email = uniqueEmail('arabic-driver-customer');
  await registerCompanyThroughApi(adminPage.request, email);
  const login = await adminPage.request.post('/api/auth/login', {
    data: { email, password: 'Secret@2026a' },
  });
  const { token } = (await login.json()) as { token: string };
  const order = await placeOrder(adminPage.request, token, 'Fes');
  const driver = await addDriverAndDispatch(adminPage.request, adminToken, order.id);
  await adminPage.close();

  await signInDriverInBrowser(page, driver.phone);
  await sweep(page, ['/driver'], { sidebar: false });
  await expect(page.getByText('فاس').first()).toBeVisible();
});
