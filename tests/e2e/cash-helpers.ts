import type { Browser, Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { openCustomer, placeOrder, uniqueCode } from './admin-helpers';
import { addDriverAndDispatch, signInDriverThroughApi, type TestDriver } from './driver-helpers';
import { expect } from './fixtures';
import { bearer } from './order-helpers';

export interface CashDelivery {
  driver: TestDriver;
  driverName: string;
  order: CustomerOrderDetail;
  /** MAD the driver entered as collected. */
  collected: number;
}

/**
 * Cash in a driver's hands the real way: a customer's cash-on-delivery order, dispatched by the
 * admin to a new driver, who signs in with the code from their SMS, picks it up and delivers it
 * with the receiver's code (as the customer sees it), collecting `shortBy` MAD less than its price.
 */
export async function deliverCashOrderThroughApi(
  page: Page,
  browser: Browser,
  adminToken: string,
  shortBy = 0,
): Promise<CashDelivery> {
  const customer = await openCustomer(browser, 'cash');
  const placed = await placeOrder(customer.page.request, customer.token, 'Rabat');
  const driverName = `Cash ${uniqueCode('D')}`;
  const driver = await addDriverAndDispatch(page.request, adminToken, placed.id, driverName);
  // The code exists once the order is dispatched; the customer passes it on to the receiver.
  const seen = await customer.page.request.get(`/api/dashboard/orders/${placed.id}`, {
    headers: bearer(customer.token),
  });
  expect(seen.status(), await seen.text()).toBe(200);
  const { order } = (await seen.json()) as { order: CustomerOrderDetail };
  await customer.page.context().close();

  const driverToken = await signInDriverThroughApi(page.request, driver.phone);
  const pickedUp = await page.request.post(`/api/driver/orders/${order.id}/pickup`, {
    headers: bearer(driverToken),
  });
  expect(pickedUp.status(), await pickedUp.text()).toBe(200);
  const collected = order.price - shortBy;
  const delivered = await page.request.post(`/api/driver/orders/${order.id}/deliver`, {
    headers: bearer(driverToken),
    data: { code: order.deliveryCode, cashCollected: collected },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  return { driver, driverName, order, collected };
}
