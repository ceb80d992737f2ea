import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addDriverAndDispatch,
  bearer,
  placeOrder,
  signInDriverThroughApi,
} from './support/app-api';

/**
 * /admin/returns (docs/decisions/0023-failed-deliveries-and-returns.md): a parcel the receiver
 * refused is on its way back; its return code is lost, so the office records the return with a
 * reason, and the parcel moves to the Returned view.
 */

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

test('the office records the return of a refused parcel whose code is lost', async ({
  page,
  request,
  accounts,
  admin,
}) => {
  const customer = await accounts.customer({ prefix: 'returns' });
  const order = await placeOrder(request, customer.token, 'Tanger');
  // The returning view lists parcels by driver name: this one comes first.
  const driver = await addDriverAndDispatch(request, admin.token, order.id, 'Aaron Abbadi');
  const driverSession = await signInDriverThroughApi(request, driver.phone);
  const refused = await request.post(`/api/driver/orders/${order.id}/attempt-failed`, {
    headers: bearer(driverSession.token),
    data: { reason: 'refused' },
  });
  expect(refused.status(), await refused.text()).toBe(200);

  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Returns views' });
  await expect(tabs.getByRole('tab', { name: 'Failed today' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page
      .getByRole('table', { name: 'Failed attempts today' })
      .getByRole('row', {
        name: /Attempt 1: Refused/,
      })
      .first(),
  ).toBeVisible();

  await tabs.getByRole('tab', { name: 'Returning' }).click();
  await expect(page).toHaveURL(/view=returning/);
  const returning = page.getByRole('table', { name: 'On their way back' });
  const row = returning.getByRole('row', { name: new RegExp('Aaron Abbadi') });
  await expect(row).toContainText('Refused by the receiver');
  await row.getByRole('button', { name: `Record the return of ${order.trackingNumber}` }).click();

  const dialog = page.getByRole('dialog', { name: /Record the return of order/ });
  await dialog.getByRole('button', { name: 'Record the return' }).click();
  await expect(dialog.getByText('Give the reason for this return')).toBeVisible();
  await dialog.getByLabel('Reason').fill('The sender lost the mail with the code');
  await dialog.getByRole('button', { name: 'Record the return' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Return recorded')).toBeVisible();
  await expect(returning.getByRole('row', { name: new RegExp('Aaron Abbadi') })).toBeHidden();

  await tabs.getByRole('tab', { name: 'Returned' }).click();
  const returned = page.getByRole('table', { name: 'Returned' });
  const first = returned.getByRole('row').nth(1);
  await expect(first).toContainText('Refused by the receiver');
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
  const attempts = page.getByRole('region', { name: 'Delivery attempts and return' });
  await expect(attempts).toContainText('Attempt 1: Refused');
  await expect(
    page.getByText('Return recorded by the office: The sender lost the mail with the code'),
  ).toBeVisible();
});
