import type { APIRequestContext, Page } from '@playwright/test';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { registerCompanyThroughApi, strongPassword, uniqueEmail } from './auth-helpers';
import { expect } from './fixtures';

/** Creates an individual customer through the API. */
export async function registerIndividualThroughApi(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/register', {
    data: {
      email,
      password: strongPassword,
      userType: 'Individual',
      individual: {
        fullName: 'Salma Berrada',
        phone: '0612345678',
        nationalId: 'JB123456',
        address: 'Rue 5, Talborjt, Agadir',
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Logs in through the API and stores the session the way the login page does, so a test about
 * the dashboard does not spend its time on the login form. Returns the bearer token.
 */
export async function signInThroughApi(page: Page, email: string): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    data: { email, password: strongPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: { id: string } };
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

/** Places one order per destination, oldest first, from Casablanca. */
export async function placeOrders(
  request: APIRequestContext,
  token: string,
  destinations: readonly string[],
): Promise<CustomerOrderDetail[]> {
  const created: CustomerOrderDetail[] = [];
  for (const destination of destinations) {
    const response = await request.post('/api/dashboard/neworder', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        pickup_loc: 'Casablanca',
        delivery_loc: destination,
        weight: 12,
        leingth: 30,
        width: 20,
        height: 10,
        payment_method: 'cash_on_delivery',
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

/** A signed-in company customer with seven orders. */
export async function signInWithSevenOrders(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerCompanyThroughApi(page.request, email);
  const token = await signInThroughApi(page, email);
  const orders = await placeOrders(page.request, token, sevenDestinations);
  return { email, token, orders };
}

/** Fails when the page is wider than the viewport, i.e. something scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(clientWidth);
}
