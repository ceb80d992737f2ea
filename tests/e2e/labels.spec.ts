import { shortenIdForDashboard } from '../../src/shared/format';
import { expect, test } from './fixtures';
import { placeOrders } from './support/app-api';

/**
 * Labels from the customer's screens (docs/decisions/0022-labels-manifests-scanning.md, "Label
 * routes and screens"): ticked orders of the list, and one order's page.
 */

test('the customer ticks two orders and prints their labels as one PDF', async ({
  page,
  customer,
}) => {
  const [first, second] = await placeOrders(page.request, customer.token, ['Rabat', 'Agadir']);

  await page.goto('/dashboard/orders');
  const bar = page.getByRole('region', { name: 'Print labels' });
  await expect(bar).toBeHidden();
  await page.getByRole('checkbox', { name: `Select ${shortenIdForDashboard(first!.id)}` }).check();
  await page.getByRole('checkbox', { name: `Select ${shortenIdForDashboard(second!.id)}` }).check();
  await expect(bar.getByRole('status')).toHaveText('2 selected');

  await bar.getByLabel('Label format').selectOption('a4');
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/dashboard/labels'),
  );
  const download = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Print labels' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.request().postDataJSON()).toEqual({
    orderIds: [first!.id, second!.id],
    format: 'a4',
  });
  expect((await download).suggestedFilename()).toBe('labels-2.pdf');

  await bar.getByRole('button', { name: 'Clear' }).click();
  await expect(bar).toBeHidden();
});

test("the order's page prints its label in the format the organization printed last", async ({
  page,
  customer,
}) => {
  const [order] = await placeOrders(page.request, customer.token, ['Marrakech']);
  // The organization printed A6 last: the page offers it.
  const earlier = await page.request.get(`/api/dashboard/orders/${order!.id}/label?format=a6`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(earlier.status()).toBe(200);

  await page.goto(`/orders/${order!.id}`);
  await expect(page.getByLabel('Label format')).toHaveValue('a6');
  const answer = page.waitForResponse((response) => response.url().includes('/label?format=a6'));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print label' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await download).suggestedFilename()).toBe(`label-${order!.trackingNumber}.pdf`);
});

test("the office prints any organization's order's label from its order page", async ({
  page,
  admin: _signedIn,
  accounts,
}) => {
  const customer = await accounts.customer({ prefix: 'labels' });
  const [order] = await placeOrders(page.request, customer.token, ['Fes']);

  await page.goto(`/admin/orders/${order!.id}`);
  await expect(page.getByLabel('Label format')).toHaveValue('100x150');
  await page.getByLabel('Label format').selectOption('a4');
  const answer = page.waitForResponse((response) =>
    response.url().includes(`/api/admin/orders/${order!.id}/label?format=a4`),
  );
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print label' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await download).suggestedFilename()).toBe(`label-${order!.trackingNumber}.pdf`);
});
