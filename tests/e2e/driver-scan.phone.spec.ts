import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { labelImageY4m } from '../support/label-camera';
import { collectPageErrors, expect, showSignedIn, test } from './fixtures';
import { bearer, dispatchThroughApi, placeOrders } from './support/app-api';
import { expectHandledHttpError } from './support/page-checks';

/*
 * The driver's Scan and "Check my load" on a phone (docs/decisions/0022-labels-manifests-scanning.md,
 * "Scanning"): a typed number opens that parcel's card, another driver's gets one message; and a
 * camera fed with a label's picture (Chromium's fake video capture from a file) opens the parcel
 * by itself. Chromium on Linux has no BarcodeDetector, so the camera test goes through
 * @zxing/browser.
 */

/** The parcel's real label, as its merchant prints it (100 × 150 mm thermal). */
async function labelPdfOf(
  request: APIRequestContext,
  customerToken: string,
  order: CustomerOrderDetail,
): Promise<Buffer> {
  const response = await request.get(`/api/dashboard/orders/${order.id}/label?format=100x150`, {
    headers: bearer(customerToken),
  });
  expect(response.status()).toBe(200);
  return response.body();
}

const orderCard = (page: Page, trackingNumber: string) =>
  page.getByRole('article', { name: trackingNumber });

test('Scan: a typed number of mine opens its card with the next step; another driver’s is not on my list', async ({
  page,
  pageErrors,
  accounts,
  driver,
}) => {
  const admin = await accounts.admin();
  const customer = await accounts.customer();
  const [mine, theirs] = await placeOrders(page.request, customer.token, ['Rabat', 'Agadir']);
  await dispatchThroughApi(page.request, admin.token, mine!.id, driver);
  await dispatchThroughApi(
    page.request,
    admin.token,
    theirs!.id,
    await accounts.driver(admin.token, 'Karim Other'),
  );

  await page.goto('/driver');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const scanner = page.getByRole('region', { name: 'Scan a label' });
  const typed = scanner.getByLabel('Tracking number');
  await typed.fill(`  ${mine!.trackingNumber.toLowerCase()} `);
  await typed.press('Enter');

  // The card shows once on the list and once opened by the scan, with its next step.
  await expect(orderCard(page, mine!.trackingNumber)).toHaveCount(2);
  const opened = orderCard(page, mine!.trackingNumber).last();
  await expect(opened.getByRole('button', { name: 'Picked up' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan another parcel' })).toBeVisible();

  await page.getByRole('button', { name: 'Scan another parcel' }).click();
  await scanner.getByLabel('Tracking number').fill(theirs!.trackingNumber);
  await scanner.getByRole('button', { name: 'Find' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This parcel is not on your list.' }),
  ).toBeVisible();
  await expect(orderCard(page, theirs!.trackingNumber)).toHaveCount(0);
  await expect(page.getByText(theirs!.trackingNumber)).toHaveCount(0);
  await expectHandledHttpError(pageErrors, 404);
});

/*
 * A truck carries one order on the road at a time today (orders_one_in_transit_per_truck), so the
 * driver's load here is one parcel; the unit tests (load-check.test.ts) count several.
 */
test('Check my load: a scan ticks my parcel, others are refused, and a reload keeps the tick', async ({
  page,
  accounts,
  driver,
}) => {
  const admin = await accounts.admin();
  const customer = await accounts.customer();
  const [order] = await placeOrders(page.request, customer.token, ['Rabat']);
  await dispatchThroughApi(page.request, admin.token, order!.id, driver);

  await page.goto('/driver');
  await page.getByRole('button', { name: 'Check my load' }).click();
  const list = page.getByRole('list', { name: 'Parcels to load' });
  const item = list.getByRole('listitem').filter({ hasText: order!.trackingNumber });
  await expect(page.getByText('0 of 1 scanned · 1 missing')).toBeVisible();
  await expect(item).toContainText('Missing');

  const typed = page.getByLabel('Tracking number');
  await typed.fill('MA-2222-2222');
  await typed.press('Enter');
  await expect(page.getByText('MA-2222-2222 is not on your list.')).toBeVisible();
  await expect(page.getByText('0 of 1 scanned · 1 missing')).toBeVisible();

  await typed.fill(order!.trackingNumber.toLowerCase());
  await typed.press('Enter');
  await expect(page.getByText(`${order!.trackingNumber} scanned.`)).toBeVisible();
  await expect(page.getByText('Every parcel is scanned (1).')).toBeVisible();
  await expect(item).toContainText('Scanned');
  await typed.fill(order!.trackingNumber);
  await typed.press('Enter');
  await expect(page.getByText(`${order!.trackingNumber} was already scanned.`)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Check my load' }).click();
  await expect(page.getByText('Every parcel is scanned (1).')).toBeVisible();
  await expect(item).toContainText('Scanned');
});

test('Scan: a camera shown the parcel’s label opens its card without typing', async ({
  page,
  pageErrors,
  accounts,
  driver,
  playwright,
  launchOptions,
  baseURL,
}) => {
  const admin = await accounts.admin();
  const customer = await accounts.customer();
  const [order] = await placeOrders(page.request, customer.token, ['Marrakech']);
  await dispatchThroughApi(page.request, admin.token, order!.id, driver);

  const video = await labelImageY4m(await labelPdfOf(page.request, customer.token, order!));
  // The camera's file is a launch flag: this test has a browser of its own.
  const cameraBrowser = await playwright.chromium.launch({
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await cameraBrowser.newContext({
      ...devices['Pixel 7'],
      viewport: { width: 360, height: 780 },
      baseURL,
      permissions: ['camera'],
    });
    const phone = await context.newPage();
    collectPageErrors(phone, pageErrors);
    await showSignedIn(phone, driver);
    await phone.goto('/driver');
    await phone.getByRole('button', { name: 'Scan', exact: true }).click();

    await expect(
      orderCard(phone, order!.trackingNumber).last().getByRole('button', { name: 'Picked up' }),
    ).toBeVisible({ timeout: 30_000 });
    // Nothing was typed: the camera found it, and its card opened beside the list's.
    await expect(phone.getByRole('button', { name: 'Scan another parcel' })).toBeVisible();
    await expect(orderCard(phone, order!.trackingNumber)).toHaveCount(2);
  } finally {
    await cameraBrowser.close();
    await rm(dirname(video), { recursive: true, force: true });
  }
});
