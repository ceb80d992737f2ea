import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDriverAndDispatch, bearer, placeOrder } from './support/app-api';
import {
  expectNoSidewaysScrollOnAPhone,
  expectSidebarOnTheRight,
  expectTranslatedScreen,
} from './support/translations';

/**
 * The audit trail, /admin/audit, and disabling an account from /admin/users
 * (docs/decisions/0016-audit-trail.md). Every test's office actions land in one trail, so a test
 * narrows it to its own record.
 */

const table = (page: Page) => page.getByRole('table', { name: 'Audit trail' });

test('the audit trail lists a dispatch the test made, with who, what and what changed', async ({
  page,
  accounts,
  admin,
}) => {
  const customer = await accounts.customer({ prefix: 'audit' });
  const order = await placeOrder(page.request, customer.token, 'Rabat');
  const driver = await addDriverAndDispatch(page.request, admin.token, order.id, 'Audit Driver');

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Audit trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  for (const header of ['Time', 'Actor', 'Action', 'Record', 'Changes', 'Address']) {
    await expect(
      table(page).getByRole('columnheader', { name: header, exact: true }),
    ).toBeVisible();
  }

  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/audit?') &&
      new URL(response.url()).searchParams.get('recordId') === order.id,
  );
  await page.getByLabel('Record ID').fill(order.id);
  await answered;
  const rows = table(page).getByRole('row').filter({ hasText: 'Order dispatched' });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(admin.email);
  await expect(rows).toContainText('status: PENDING → IN_TRANSIT');
  await expect(rows).toContainText(`truckNumber: ${driver.plate}`);
  await expect(page.getByText('1 result', { exact: true })).toBeVisible();

  // The action filter narrows it to nothing: this order was never cancelled.
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Order cancelled' });
  await expect(page.getByText('No office actions match these filters.')).toBeVisible();
});

test('an admin disables a customer from Users: signed out at once, then enabled again', async ({
  page,
  accounts,
  admin: _signedIn,
}) => {
  const customer = await accounts.customer({ prefix: 'disable' });
  const profile = () => page.request.get('/api/auth/profile', { headers: bearer(customer.token) });
  expect((await profile()).status()).toBe(200);

  await page.goto('/admin/users');
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/users') &&
      new URL(response.url()).searchParams.get('q') === customer.email,
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
  await answered;
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({
    hasText: customer.email,
  });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Disable ${customer.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${customer.email}?` });
  await dialog.getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(
    page.locator('.Toastify').getByText('Account disabled: it can no longer sign in.'),
  ).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  expect((await profile()).status()).toBe(401);

  await row.getByRole('button', { name: `Enable ${customer.email}` }).click();
  await page
    .getByRole('dialog', { name: `Enable ${customer.email}?` })
    .getByRole('button', { name: 'Enable', exact: true })
    .click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar-MA' });

  test('the audit trail reads right to left', async ({ page, admin: _signedIn }) => {
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
    await expectTranslatedScreen(page, 'ar', '/admin/audit');
    await expectSidebarOnTheRight(page);
    await expectNoSidewaysScrollOnAPhone(page, '/admin/audit');
  });
});
