import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { dispatchRunThroughApi, dispatchThroughApi, placeOrder } from './support/app-api';
import {
  expectNoSidewaysScrollOnAPhone,
  expectSidebarOnTheRight,
  expectTranslatedScreen,
} from './support/translations';

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
  customer,
}) => {
  const order = await placeOrder(page.request, customer.token, 'Marrakech');
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
test('an Arabic administrator follows orders right to left', async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const { token } = await accounts.customer({ prefix: 'arabic-admin-customer' });
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
  admin: _signedIn,
}) => {
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

test('an Arabic administrator plans and follows runs right to left', async ({
  page,
  admin,
  accounts,
}) => {
  const { token } = await accounts.customer({ prefix: 'arabic-runs-customer' });
  const order = await placeOrder(page.request, token, 'Tangier');
  const driver = await accounts.driver(admin.token);
  const run = await dispatchRunThroughApi(page.request, admin.token, driver, [order.id]);
  await sweep(page, ['/admin/runs', `/admin/runs/${run.id}`, '/admin/runs/plan'], {
    sidebar: true,
  });
});

test('an Arabic administrator runs returns, money documents, manifests and scanning right to left', async ({
  page,
  admin: _signedIn,
}) => {
  await sweep(
    page,
    [
      '/admin/returns',
      '/admin/payouts',
      '/admin/invoices',
      '/admin/manifests',
      '/admin/manifests/new',
      '/admin/scan',
      '/admin/audit',
      '/admin/settings',
    ],
    { sidebar: true },
  );
});

test('an Arabic driver reads their page right to left', async ({ page, accounts, driver }) => {
  const { token } = await accounts.customer({ prefix: 'arabic-driver-customer' });
  const order = await placeOrder(page.request, token, 'Fes');
  await dispatchThroughApi(page.request, (await accounts.admin()).token, order.id, driver);
  await sweep(page, ['/driver'], { sidebar: false });
  await expect(page.getByText('فاس').first()).toBeVisible();
});
