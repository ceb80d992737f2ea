import type { Page } from '@playwright/test';
import { shortenIdForDashboard } from '../../src/shared/format';
import { expect, showSignedIn, test } from './fixtures';
import { bearer, placeOrder, uniqueEmail } from './support/app-api';
import { waitForMail } from './support/catchers';
import { chooseCity } from './support/page-checks';
import {
  expectNoSidewaysScrollOnAPhone,
  expectSidebarOnTheRight,
  expectTranslatedScreen,
} from './support/translations';
import { TEST_PASSWORD } from '../support/accounts';

/*
 * Organizations (docs/decisions/0014-organizations.md): an owner invites a staff member from the
 * team page; the staff member opens the link from the mail, joins, books an order, and the owner
 * sees that order in their own list.
 */

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** A parcel from Safi to Essaouira through the five steps, paid in cash: the order's id. */
async function bookAnOrder(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'New order' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Order');
  await chooseCity(page, 'Pickup city', 'safi', 'Safi');
  await chooseCity(page, 'Delivery city', 'essa', 'Essaouira');
  await next(page).click();
  await page.getByLabel('Weight (kg)').fill('2');
  await page.getByLabel('Length (cm)').fill('10');
  await page.getByLabel('Width (cm)').fill('10');
  await page.getByLabel('Height (cm)').fill('10');
  await next(page).click();
  await page.getByLabel('Receiver name').fill('Hamza Ait Lahcen');
  await page.getByLabel('Receiver phone').fill('+212612345678');
  await next(page).click();
  await page.getByRole('radio', { name: /^Cash on delivery/ }).check();
  await next(page).click();
  await expect(page.locator('#wizard-step-title')).toHaveText('Thank You!');
  const href = await page.getByRole('link', { name: 'View order details' }).getAttribute('href');
  return href!.replace('/orders/', '');
}

test('an owner invites a staff member who joins from the mail and books an order', async ({
  page,
  browser,
  customer,
}) => {
  const email = uniqueEmail('staff');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team');
  const members = page.getByRole('table', { name: 'Members of the organization' });
  await expect(members).toContainText(customer.email);

  const invite = page.getByRole('region', { name: 'Invite a teammate' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Staff' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(email);

  const mail = await waitForMail(email);
  const link = mail.text.match(/https?:\/\/\S+\/accept-invitation\?token=[\w-]+/)?.[0];
  expect(link, mail.text).toBeDefined();

  // The staff member, in a browser of their own.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  let staffToken: string | null = null;
  try {
    await staffPage.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(staffPage.getByRole('heading', { name: 'Join your team' })).toBeVisible();
    await staffPage.getByLabel('Full name').fill('Salma Idrissi');
    await staffPage.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await staffPage.getByLabel('Confirm Password').fill(TEST_PASSWORD);
    await staffPage.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(staffPage).toHaveURL(/\/dashboard$/);
    staffToken = await staffPage.evaluate(() => window.localStorage.getItem('token'));
    // Staff book; the team page is the owner's.
    await expect(staffPage.getByRole('link', { name: 'Team' })).toHaveCount(0);
    const orderId = await bookAnOrder(staffPage);

    // The owner sees the order their staff member booked.
    await page.goto('/dashboard/orders');
    await expect(page.getByRole('link', { name: shortenIdForDashboard(orderId) })).toBeVisible();
    await page.goto('/dashboard/team');
    await expect(members).toContainText(email);
    await expect(members.getByRole('combobox', { name: 'Role of Salma Idrissi' })).toHaveValue(
      'staff',
    );
  } finally {
    if (staffToken) {
      await page.request.post('/api/auth/logout', { headers: bearer(staffToken) });
    }
    await staffContext.close();
  }
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-MA' });

  test('the team page and the invitation page read right to left; an accountant books nothing', async ({
    page,
    browser,
    customer,
  }) => {
    const order = await placeOrder(page.request, customer.token, 'Marrakech');
    const email = uniqueEmail('accountant');
    const invited = await page.request.post('/api/org/invitations', {
      headers: bearer(customer.token),
      data: { email, role: 'accountant' },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    for (const screen of ['/dashboard/team', '/accept-invitation?token=x']) {
      await page.goto(screen);
      await expect(page.locator('main h1, h1').first()).toBeVisible();
      await expectTranslatedScreen(page, 'ar', screen);
      if (screen === '/dashboard/team') await expectSidebarOnTheRight(page);
      await expectNoSidewaysScrollOnAPhone(page, screen);
    }

    // The accountant joins through the API and opens the organization's order.
    const token = (await waitForMail(email)).text.match(/accept-invitation\?token=([\w-]+)/)![1]!;
    const accepted = await page.request.post('/api/org/invitations/accept', {
      data: { token, fullName: 'Nadia Berrada', password: TEST_PASSWORD },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const session = (await accepted.json()) as {
      token: string;
      user: { id: string; role: string };
    };
    const accountantContext = await browser.newContext({ locale: 'ar-MA' });
    const accountantPage = await accountantContext.newPage();
    try {
      await showSignedIn(accountantPage, session);
      await accountantPage.goto(`/orders/${order.id}`);
      await expect(accountantPage.getByText(order.trackingNumber).first()).toBeVisible();
      await expect(accountantPage.getByRole('link', { name: 'طلب جديد' })).toHaveCount(0);
      await expect(accountantPage.getByRole('button', { name: 'إلغاء الطلب' })).toHaveCount(0);
      await expect(accountantPage.getByRole('link', { name: 'الفريق' })).toHaveCount(0);
      // The owner sees the cancel action on the same pending order.
      await page.goto(`/orders/${order.id}`);
      await expect(page.getByRole('button', { name: 'إلغاء الطلب' })).toBeVisible();
    } finally {
      await page.request.post('/api/auth/logout', { headers: bearer(session.token) });
      await accountantContext.close();
    }
  });
});
