import type { APIRequestContext, Page } from '@playwright/test';
import { addDriverTruckThroughApi, uniquePhone } from './admin-helpers';
import { expect } from './fixtures';
import { bearer } from './order-helpers';
import { caughtSmsTo } from './sms-helpers';

/** Helpers for the drivers' tests: a driver with a truck, an order on their road, their session. */

export interface TestDriver {
  driverId: string;
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
): Promise<TestDriver> {
  const phone = uniquePhone();
  const { plate, driverId } = await addDriverTruckThroughApi(
    request,
    adminToken,
    driverName,
    phone,
  );
  return { driverId, plate, phone };
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

/** The sign-in SMS (src/server/messages/driver-sign-in-text.ts). */
const SIGN_IN_CODE = /sign-in code is (\d{6})/;

/**
 * Asks for a sign-in code by SMS and waits for that new SMS (not one an earlier sign-in left);
 * answers the code it carries.
 */
export async function requestSignInCode(request: APIRequestContext, phone: string) {
  const before = caughtSmsTo(phone).length;
  const asked = await request.post('/api/driver/auth/code', { data: { phone } });
  expect(asked.status(), await asked.text()).toBe(202);
  await expect
    .poll(() => caughtSmsTo(phone).length, { timeout: 15_000, message: `a code SMS to ${phone}` })
    .toBeGreaterThan(before);
  const text = caughtSmsTo(phone).at(-1)!.text;
  const code = text.match(SIGN_IN_CODE)?.[1];
  if (!code) throw new Error(`No 6-digit code in the SMS: ${text}`);
  return code;
}

export interface DriverSession {
  token: string;
  user: { id: string; role: string };
}

/** Signs the driver in through the API with the code from their SMS. */
export async function signInDriverSession(
  request: APIRequestContext,
  phone: string,
): Promise<DriverSession> {
  const code = await requestSignInCode(request, phone);
  const response = await request.post('/api/driver/auth/login', { data: { phone, code } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as DriverSession;
}

/** The driver's bearer token, signed in through the API with the code from their SMS. */
export async function signInDriverThroughApi(
  request: APIRequestContext,
  phone: string,
): Promise<string> {
  return (await signInDriverSession(request, phone)).token;
}

/** Signs the driver in on /driver/login with the code from their SMS; lands on /driver. */
export async function signInDriverThroughForm(page: Page, phone: string): Promise<void> {
  await page.goto('/driver/login');
  await page.getByLabel('Phone number').fill(phone);
  const before = caughtSmsTo(phone).length;
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect
    .poll(() => caughtSmsTo(phone).length, { timeout: 15_000, message: `a code SMS to ${phone}` })
    .toBeGreaterThan(before);
  const code = caughtSmsTo(phone).at(-1)!.text.match(SIGN_IN_CODE)?.[1];
  if (!code) throw new Error('No 6-digit code in the sign-in SMS');
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/driver$/);
}

/** Signs the driver in through the API and keeps the session in the browser as the app does. */
export async function signInDriverInBrowser(page: Page, phone: string): Promise<string> {
  const { token, user } = await signInDriverSession(page.request, phone);
  await page.goto('/');
  await page.evaluate(
    ({ token, user }) => {
      window.localStorage.setItem('token', token);
      window.localStorage.setItem('user', JSON.stringify(user));
      window.localStorage.setItem('id', user.id);
    },
    { token, user },
  );
  return token;
}
