import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { adminCredentials, registerCompanyThroughApi, uniqueEmail } from './auth-helpers';
import { placeOrders, signInThroughApi } from './dashboard-helpers';
import { expect } from './fixtures';

/** Helpers for the back-office tests: the admin's session, customers and orders to act on. */

/** Logs the admin in through the API and stores the session as the login page does. */
export async function signInAsAdmin(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: adminCredentials() });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { id: string } };
  await page.addInitScript(
    ([storedToken, storedUser]) => {
      try {
        // Only once: a test that logs out must not be logged in again by the next page load.
        if (window.sessionStorage.getItem('adminSeeded')) return;
        window.sessionStorage.setItem('adminSeeded', 'yes');
        window.localStorage.setItem('token', storedToken);
        window.localStorage.setItem('user', storedUser);
        window.localStorage.setItem('id', JSON.parse(storedUser).id);
      } catch {
        // about:blank has no storage; the next page of the app gets the session.
      }
    },
    [token, JSON.stringify(user)] as const,
  );
  return token;
}

export interface Customer {
  email: string;
  token: string;
  /** A browser page of the customer's own, signed in. */
  page: Page;
}

/** A company customer in a browser context of their own, so admin and customer act side by side. */
export async function openCustomer(browser: Browser, prefix: string): Promise<Customer> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(prefix);
  await registerCompanyThroughApi(page.request, email);
  const token = await signInThroughApi(page, email);
  return { email, token, page };
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

/** Types into the list's search box and waits for the answer to that search. */
export async function searchList(page: Page, text: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/admin/') &&
      new URL(response.url()).searchParams.get('q') === text,
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await answered;
}

/** A text that no order, user, truck or payment matches. */
export const nothingMatches = () => `zq${Date.now().toString(36)}nomatch`;

/**
 * Chromium logs every failed request as a console error, even one the page handles. Takes the
 * errors matching `pattern` out of the fixture's list after checking that one was logged.
 */
export async function expectHandledConsoleError(pageErrors: string[], pattern: RegExp) {
  await expect.poll(() => pageErrors.some((error) => pattern.test(error))).toBe(true);
  for (let index = pageErrors.length - 1; index >= 0; index -= 1) {
    if (pattern.test(pageErrors[index]!)) pageErrors.splice(index, 1);
  }
}

let codeCounter = 0;
/** A plate, licence or identity number no other test (or earlier run) uses. */
export function uniqueCode(prefix: string): string {
  codeCounter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid % 100}${codeCounter}`.toUpperCase();
}

/** yyyy-MM-dd, `days` from today. */
export function dateFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

let phoneCounter = 0;
/** A Moroccan mobile number no other driver of this run has (drivers' phones are unique). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const worker = String(process.pid % 100).padStart(2, '0');
  const serial = String((Date.now() + phoneCounter) % 1_000_000).padStart(6, '0');
  return `+2126${worker}${serial}`;
}

/** A driver and their available truck, added through the API as the Add new screen adds them. */
export async function addDriverTruckThroughApi(
  request: APIRequestContext,
  adminToken: string,
  driverName = 'Hassan Idrissi',
  phone = uniquePhone(),
): Promise<{ plate: string; driverId: string }> {
  const plate = uniqueCode('LV');
  const response = await request.post('/api/admin/trucks/add', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      fullName: driverName,
      phone,
      nationalId: uniqueCode('HI'),
      license: uniqueCode('LH'),
      licenseExpire: dateFromToday(365),
      truckNumber: plate,
      capacity: 6000,
      truckYear: 2022,
      model: 'Renault D',
      truckType: 'Box Truck',
      technicalDate: dateFromToday(-15),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { truck } = (await response.json()) as { truck: { driverId: string } };
  return { plate, driverId: truck.driverId };
}
