import { expect, test } from './fixtures';
import { placeOrder } from './support/app-api';

/**
 * A label's QR code opens /track-shipment?n=<number> (#shared/labels trackingLink): the page
 * reads `n` as it reads `number`.
 */
test('a label’s QR link opens Track Shipment on that shipment', async ({ page, accounts }) => {
  const customer = await accounts.customerInBrowser('label-link');
  const order = await placeOrder(customer.page.request, customer.token, 'Oujda');
  await customer.page.context().close();

  await page.goto(`/track-shipment?n=${order.trackingNumber.toLowerCase()}`);

  await expect(page.getByLabel('Tracking number')).toHaveValue(order.trackingNumber);
  await expect(page.getByRole('main').getByText('Pending').first()).toBeVisible();
});
