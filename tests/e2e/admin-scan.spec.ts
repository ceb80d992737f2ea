import { expect, test } from './fixtures';
import { dispatchThroughApi, placeOrders } from './support/app-api';
import { expectHandledHttpError } from './support/page-checks';

/*
 * The office's /admin/scan (docs/decisions/0022-labels-manifests-scanning.md, "Scanning"): a
 * typed number opens the order's page; in continuous mode parcels join a list once, unknown
 * numbers are reported, and the list links to a new hand-over sheet (with the driver when all
 * share one). The desktop browser has no camera: typing is the way in.
 */
test('a scanned number opens its order; continuous mode lists parcels for a hand-over sheet', async ({
  page,
  pageErrors,
  admin,
  accounts,
}) => {
  const customer = await accounts.customer();
  const [first, second] = await placeOrders(page.request, customer.token, ['Rabat', 'Fes']);
  const driver = await accounts.driver(admin.token, 'Hamid Scan');
  await dispatchThroughApi(page.request, admin.token, first!.id, driver);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Scan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scan' })).toBeVisible();
  const typed = page.getByLabel('Tracking number');
  await typed.fill(` ${first!.trackingNumber.toLowerCase()} `);
  await typed.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${first!.id}$`));

  await page.goto('/admin/scan');
  await page.getByLabel('Continuous mode: add each scanned parcel to a list').check();
  await typed.fill(first!.trackingNumber);
  await typed.press('Enter');
  await expect(page.getByText(`${first!.trackingNumber} added to the list.`)).toBeVisible();
  const sheetLink = page.getByRole('link', { name: 'Create hand-over sheet' });
  await expect(sheetLink).toHaveAttribute(
    'href',
    `/admin/manifests/new?orders=${first!.id}&driver=${driver.driverId}`,
  );

  await typed.fill(first!.trackingNumber);
  await typed.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'is already on the list.' }),
  ).toBeVisible();
  await typed.fill('MA-2222-2222');
  await typed.press('Enter');
  await expect(page.getByText('No parcel has the number MA-2222-2222.')).toBeVisible();
  await expectHandledHttpError(pageErrors, 404);

  // A parcel without a driver: the sheet's driver is left to choose.
  await typed.fill(second!.trackingNumber);
  await typed.press('Enter');
  await expect(page.getByRole('heading', { name: 'Scanned parcels (2)' })).toBeVisible();
  await expect(sheetLink).toHaveAttribute(
    'href',
    `/admin/manifests/new?orders=${first!.id},${second!.id}`,
  );
  await page
    .getByRole('button', { name: `Remove ${second!.trackingNumber} from the list` })
    .click();
  await expect(page.getByRole('heading', { name: 'Scanned parcels (1)' })).toBeVisible();
  await expect(sheetLink).toHaveAttribute(
    'href',
    `/admin/manifests/new?orders=${first!.id}&driver=${driver.driverId}`,
  );
});
