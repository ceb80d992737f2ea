import type { Page } from '@playwright/test';
import { formatMad } from '../../src/shared/format';
import { expect, test } from './fixtures';
import { deliverCashOrderThroughApi } from './support/app-api';
import { expectHandledConsoleError } from './support/page-checks';

/**
 * /admin/cash, the cash ledger: the cash comes from a real delivery (a customer's cash order,
 * dispatched by the admin, delivered by the driver with the receiver's code), then the admin
 * records the cash handed in on the screen.
 */

const toast = (page: Page, text: string) =>
  page.locator('.Toastify').getByRole('alert').filter({ hasText: text });

test('the admin records cash a driver handed in and sees what they hold drop', async ({
  page,
  request,
  admin,
  pageErrors,
}) => {
  // Short by 50 MAD: the order is flagged, and the driver holds the rest.
  const { driver, driverName, order, collected } = await deliverCashOrderThroughApi(
    request,
    admin.token,
    50,
  );

  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Cash' }).click();
  await expect(page).toHaveURL(/\/admin\/cash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cash' })).toBeVisible();

  const ledger = page.getByRole('region', { name: 'Drivers' });
  await ledger.getByRole('searchbox', { name: 'Search drivers' }).fill(driver.plate);
  const row = ledger.getByRole('table', { name: 'Cash per driver' }).getByRole('row', {
    name: new RegExp(driverName),
  });
  await expect(row).toContainText(formatMad(collected));
  await expect(row).toContainText('1 order, 50.00 MAD short');
  await expect(row.getByRole('cell').nth(4)).toHaveText(formatMad(collected));

  const flagged = page.getByRole('region', { name: 'Flagged orders' });
  await flagged.getByRole('searchbox', { name: 'Search flagged orders' }).fill(driver.plate);
  await expect(flagged.getByRole('row', { name: new RegExp(order.trackingNumber) })).toContainText(
    '50.00 MAD',
  );

  // A part now: the amount starts at all they hold; 100 MAD stays outstanding.
  await row.getByRole('button', { name: `Record cash handed in by ${driverName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Record cash handed in' });
  const amount = dialog.getByLabel('Amount (MAD)');
  await expect(amount).toHaveValue(collected.toFixed(2));
  await amount.fill(String(collected + 1));
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(
    dialog.getByText(`The amount cannot exceed the outstanding ${formatMad(collected)}`),
  ).toBeVisible();
  await expectHandledConsoleError(pageErrors, /status of 400/);
  await amount.fill((collected - 100).toFixed(2));
  await dialog.getByLabel('Note (optional)').fill('Counted at the depot');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    toast(page, `${formatMad(collected - 100)} handed in by ${driverName} recorded.`),
  ).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText(formatMad(100));
  await expect(row.getByRole('cell').nth(3)).toHaveText(formatMad(collected - 100));

  const remittances = page.getByRole('region', { name: 'Cash handed in' });
  await remittances.getByRole('searchbox', { name: 'Search cash handed in' }).fill(driver.plate);
  await expect(remittances.getByRole('row', { name: /Counted at the depot/ })).toContainText(
    formatMad(collected - 100),
  );

  // The rest: nothing outstanding, nothing more to record.
  await row.getByRole('button', { name: `Record cash handed in by ${driverName}` }).click();
  await expect(dialog.getByLabel('Amount (MAD)')).toHaveValue('100.00');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText(formatMad(0));
  await expect(
    row.getByRole('button', { name: `Record cash handed in by ${driverName}` }),
  ).toBeDisabled();
});
