import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { readPdfText } from '../support/pdf-text';
import { expect, test } from './fixtures';
import { dispatchThroughApi, placeOrders } from './support/app-api';

/**
 * Hand-over sheets (docs/decisions/0022-labels-manifests-scanning.md, "Hand-over sheets"): the
 * office makes a dispatch sheet from the scanning page's link and finds it in the list; a
 * merchant makes a collection sheet of the parcels awaiting pickup. Each saves the sheet's PDF.
 */

async function pdfTextOf(download: Download): Promise<string> {
  return readPdfText(await readFile((await download.path())!));
}

test('the office makes a dispatch sheet from a link naming parcels, and finds it in the list', async ({
  page,
  admin,
  accounts,
}) => {
  const merchant = await accounts.customer({ prefix: 'manifest-office' });
  const driverName = `Driver ${randomUUID().slice(0, 8)}`;
  const driver = await accounts.driver(admin.token, driverName);
  // One parcel on the truck: the lifecycle puts one order at a time on a truck
  // (docs/product.md, decision 5).
  const [parcel] = await placeOrders(page.request, merchant.token, ['Marrakech']);
  await dispatchThroughApi(page.request, admin.token, parcel!.id, driver);

  // The scanning page's link: the scanned parcel chooses its driver and is ticked.
  await page.goto(`/admin/manifests/new?orders=${parcel!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New hand-over sheet');
  await expect(page.getByLabel('Driver')).toHaveValue(driver.driverId);
  const row = page.getByRole('checkbox', { name: `Select ${parcel!.trackingNumber}` });
  await expect(row).toBeChecked();
  await expect(page.getByText('1 parcel selected')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create and print' }).click();
  const text = await pdfTextOf(await download);
  expect(text).toContain('Bordereau de remise');
  expect(text).toContain(parcel!.trackingNumber);
  expect(text).toContain(driverName);
  expect(text).toContain('Reçu par');

  await expect(page).toHaveURL(/\/admin\/manifests$/);
  const listed = page.getByRole('table', { name: 'Hand-over sheets' }).getByRole('row', {
    name: new RegExp(driverName),
  });
  await expect(listed).toContainText(driver.plate);
  await expect(listed.getByRole('button', { name: /PDF of sheet/ })).toBeVisible();
});

test('a merchant makes a collection sheet of two parcels awaiting pickup', async ({
  page,
  customer,
}) => {
  const parcels = await placeOrders(page.request, customer.token, ['Rabat', 'Agadir']);
  await page.goto('/dashboard/manifests');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Collection sheets');
  await expect(page.getByText('No collection sheet yet.')).toBeVisible();
  await page.getByRole('button', { name: 'New collection sheet' }).click();
  for (const parcel of parcels) {
    await page.getByRole('checkbox', { name: `Select ${parcel.trackingNumber}` }).check();
  }
  await expect(page.getByText('2 parcels selected')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create and print' }).click();
  const text = await pdfTextOf(await download);
  expect(text).toContain("Bordereau d'enlèvement");
  for (const parcel of parcels) expect(text).toContain(parcel.trackingNumber);
  expect(text).toContain('2 colis');

  const table = page.getByRole('table', { name: 'Collection sheets' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('To fill in by hand');
});
