import { expect, type APIRequestContext } from '@playwright/test';
import { findCity } from '../../../src/shared/cities';
import type { Priority } from '../../../src/shared/pricing';
import type { CustomerOrderDetail, PriceResult } from '../../../src/shared/schemas/order-schemas';
import type { RunDetail } from '../../../src/shared/schemas/run-schemas';
import {
  companyPayload,
  driverTruckPayload,
  individualPayload,
  signInCodeIn,
  TEST_PASSWORD,
  uniqueCode,
  uniqueDriverPhone,
  uniqueEmail as uniqueAddress,
} from '../../support/accounts';
import { nextSmsTo } from './catchers';

/**
 * The set-up the specs do through the API rather than the screens: accounts, sessions, orders,
 * drivers and their deliveries. Each call checks its answer, so a failed set-up fails where it
 * happened.
 */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new account's address, at atlas.test like the administrator's: the specs read it back masked
 * (`m***@atlas.test`) and swap the domain for the mail catcher's bouncing one.
 */
export const uniqueEmail = (prefix: string) => uniqueAddress(prefix, 'atlas.test');

/** What a sign-in answers: the bearer token and the user the app keeps beside it. */
export interface ApiSession {
  token: string;
  user: { id: string; role: string; email?: string | null };
}

/** The administrator the global setup created (ADMIN_EMAIL / ADMIN_PASSWORD). */
export function adminCredentials() {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD are not set');
  return { email, password };
}

/** The company every e2e company customer is: the dashboard specs read these words back. */
const E2E_COMPANY = {
  companyName: 'Souss Logistics',
  phone: '+212612345678',
  address: '12 Avenue Hassan II, Agadir',
  rc: 'RC-55821',
  nIf: 'IF-40012',
  responsableName: 'Amina Idrissi',
};

/** The person every e2e individual customer is. */
const E2E_INDIVIDUAL = {
  fullName: 'Salma Berrada',
  phone: '0612345678',
  nationalId: 'JB123456',
  address: 'Rue 5, Talborjt, Agadir',
};

/** Creates a company customer through the API, for tests that are not about registration. */
export async function registerCompanyThroughApi(
  request: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
) {
  const response = await request.post('/api/auth/register', {
    data: { ...companyPayload({ email, ...E2E_COMPANY }), password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Creates an individual customer through the API. */
export async function registerIndividualThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/register', {
    data: individualPayload({ email, ...E2E_INDIVIDUAL }),
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs an account with a password in through the API. */
export async function logInThroughApi(
  request: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<ApiSession> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiSession;
}

/** Ends a session on the server, whatever signed it in; one already ended is left as it is. */
export async function logOutThroughApi(request: APIRequestContext, token: string) {
  const response = await request.post('/api/auth/logout', { headers: bearer(token) });
  expect([200, 204, 401], await response.text()).toContain(response.status());
}

/** Places one order per destination, oldest first, from Casablanca. */
export async function placeOrders(
  request: APIRequestContext,
  token: string,
  destinations: readonly string[],
): Promise<CustomerOrderDetail[]> {
  const created: CustomerOrderDetail[] = [];
  for (const destination of destinations) {
    const response = await request.post('/api/dashboard/neworder', {
      headers: bearer(token),
      data: {
        pickup_loc: 'Casablanca',
        delivery_loc: destination,
        weight: 12,
        leingth: 30,
        width: 20,
        height: 10,
        payment_method: 'cash_on_delivery',
        // The receiver pays the fee in cash: the driver collects the price at the door.
        fee_paid_by: 'receiver',
        receiver_name: 'Youssef Alami',
        receiver_phone: '+212612345678',
        shipment_info: 'Ceramic tiles on one pallet',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    created.push(((await response.json()) as { order: CustomerOrderDetail }).order);
  }
  return created;
}

/** Places one order from Casablanca to `destination` for this customer. */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  destination = 'Agadir',
): Promise<CustomerOrderDetail> {
  const [order] = await placeOrders(request, token, [destination]);
  return order!;
}

/** Five to Rabat, then Agadir, then Marrakech (the newest): one more than a page of six. */
export const sevenDestinations = [
  'Rabat',
  'Rabat',
  'Rabat',
  'Rabat',
  'Rabat',
  'Agadir',
  'Marrakech',
] as const;

export interface Shipment {
  from: string;
  to: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  priority: Priority;
}

export function pointOf(name: string) {
  const city = findCity(name);
  if (!city) throw new Error(`${name} is not a listed city`);
  return { lat: city.lat, lng: city.lng };
}

/** The price the server gives these inputs, asked through the API as the wizard asks it. */
export async function priceThroughApi(
  request: APIRequestContext,
  token: string,
  shipment: Shipment,
) {
  const response = await request.post('/api/dashboard/distance', {
    headers: bearer(token),
    data: {
      origin: pointOf(shipment.from),
      destination: pointOf(shipment.to),
      weight: shipment.weight,
      length: shipment.length,
      width: shipment.width,
      height: shipment.height,
      type: shipment.priority,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PriceResult;
}

export interface TestDriver {
  driverId: string;
  truckId: string;
  /** The truck's plate. */
  plate: string;
  /** E.164, unique to this driver. */
  phone: string;
}

/** A driver with a phone of their own and an available truck, added as Add new adds them. */
export async function addDriverThroughApi(
  request: APIRequestContext,
  adminToken: string,
  driverName = 'Youssef Amrani',
  phone = uniqueDriverPhone(),
): Promise<TestDriver> {
  const response = await request.post('/api/admin/trucks/add', {
    headers: bearer(adminToken),
    data: driverTruckPayload({ fullName: driverName, phone }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { truck } = (await response.json()) as {
    truck: { id: string; driverId: string; truckNumber: string };
  };
  return { driverId: truck.driverId, truckId: truck.id, plate: truck.truckNumber, phone };
}

/** The admin confirms the order onto the driver's truck: the order is on the road. */
export async function dispatchThroughApi(
  request: APIRequestContext,
  adminToken: string,
  orderId: string,
  driver: TestDriver,
): Promise<void> {
  const response = await request.put(`/api/admin/orders/${orderId}/update-status`, {
    headers: bearer(adminToken),
    data: { status: 'IN_TRANSIT', truckNumber: driver.plate, driverId: driver.driverId },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The office puts these orders on the driver's truck as one run, stops in this order if given. */
export async function dispatchRunThroughApi(
  request: APIRequestContext,
  adminToken: string,
  driver: TestDriver,
  orderIds: readonly string[],
  stops?: ReadonlyArray<{ orderId: string; kind: 'pickup' | 'delivery' }>,
): Promise<RunDetail> {
  const response = await request.post('/api/admin/runs', {
    headers: bearer(adminToken),
    data: { truckId: driver.truckId, orderIds, ...(stops && { stops }) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as RunDetail;
}

/** A new driver and truck, with this order dispatched to them. */
export async function addDriverAndDispatch(
  request: APIRequestContext,
  adminToken: string,
  orderId: string,
  driverName?: string,
): Promise<TestDriver> {
  const driver = await addDriverThroughApi(request, adminToken, driverName);
  await dispatchThroughApi(request, adminToken, orderId, driver);
  return driver;
}

/**
 * Asks for a sign-in code by SMS and waits for that new SMS (not one an earlier sign-in left);
 * answers the code it carries.
 */
export async function requestSignInCode(request: APIRequestContext, phone: string) {
  const text = await nextSmsTo(phone, async () => {
    const asked = await request.post('/api/driver/auth/code', { data: { phone } });
    expect(asked.status(), await asked.text()).toBe(202);
  });
  return signInCodeIn(text);
}

/** Signs the driver in through the API with the code from their SMS. */
export async function signInDriverThroughApi(
  request: APIRequestContext,
  phone: string,
): Promise<ApiSession> {
  const code = await requestSignInCode(request, phone);
  const response = await request.post('/api/driver/auth/login', { data: { phone, code } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiSession;
}

export interface CashDelivery {
  driver: TestDriver;
  driverName: string;
  order: CustomerOrderDetail;
  /** MAD the driver entered as collected. */
  collected: number;
}

/**
 * Cash in a driver's hands the real way: a new customer's cash-on-delivery order, dispatched by
 * the admin to a new driver, who signs in with the code from their SMS, picks it up and delivers
 * it with the receiver's code (as the customer sees it), collecting `shortBy` MAD less than its
 * price. Every session it opens is ended before it answers.
 */
export async function deliverCashOrderThroughApi(
  request: APIRequestContext,
  adminToken: string,
  shortBy = 0,
): Promise<CashDelivery> {
  const email = uniqueEmail('cash');
  await registerCompanyThroughApi(request, email);
  const customer = await logInThroughApi(request, email);
  const placed = await placeOrder(request, customer.token, 'Rabat');
  const driverName = `Cash ${uniqueCode('D')}`;
  const driver = await addDriverAndDispatch(request, adminToken, placed.id, driverName);
  // The code exists once the order is dispatched; the customer passes it on to the receiver.
  const seen = await request.get(`/api/dashboard/orders/${placed.id}`, {
    headers: bearer(customer.token),
  });
  expect(seen.status(), await seen.text()).toBe(200);
  const { order } = (await seen.json()) as { order: CustomerOrderDetail };
  await logOutThroughApi(request, customer.token);

  const { token: driverToken } = await signInDriverThroughApi(request, driver.phone);
  const pickedUp = await request.post(`/api/driver/orders/${order.id}/pickup`, {
    headers: bearer(driverToken),
  });
  expect(pickedUp.status(), await pickedUp.text()).toBe(200);
  const collected = order.price - shortBy;
  const delivered = await request.post(`/api/driver/orders/${order.id}/deliver`, {
    headers: bearer(driverToken),
    data: { code: order.deliveryCode, cashCollected: collected },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  await logOutThroughApi(request, driverToken);
  return { driver, driverName, order, collected };
}
