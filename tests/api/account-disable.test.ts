import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../src/server/db/schema';
import type { AdminUserListItem } from '../../src/shared/schemas/admin-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  loginAs,
  TEST_PASSWORD,
  type LoggedIn,
} from './factories';
import { buildTestApp, createTestClock, type TestApp } from './helpers';
import { waitUntil } from './polling';

let testApp: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
});
afterAll(() => testApp.close());

const setDisabled = (userId: string, action: 'disable' | 'enable', token = admin.token) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/${action}`,
    headers: bearer(token),
  });

const signIn = (email: string, password = TEST_PASSWORD, language = 'en') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'accept-language': language },
    payload: { email, password },
  });

const profileWith = (token: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(token) });

async function listedUser(email: string): Promise<AdminUserListItem> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/admin/users?q=${encodeURIComponent(email)}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  const found = (response.json() as AdminUserListItem[]).find((user) => user.email === email);
  expect(found, email).toBeDefined();
  return found!;
}

describe('disabling a customer', () => {
  let customer: LoggedIn;
  let secondSession: string;
  let orderId: string;

  beforeAll(async () => {
    customer = await loginAs(testApp, 'company');
    secondSession = (await signIn(customer.email)).json().token;
    orderId = (await createOrderAs(testApp, customer)).id;
    expect((await profileWith(customer.token)).statusCode).toBe(200);
  });

  it('ends every session at once and refuses sign-in with account.disabled', async () => {
    expect((await listedUser(customer.email)).disabledAt).toBeNull();
    const response = await setDisabled(customer.user.id, 'disable');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Account disabled: it can no longer sign in.',
      userId: customer.user.id,
      disabled: true,
    });

    for (const token of [customer.token, secondSession]) {
      const refused = await profileWith(token);
      expect(refused.statusCode).toBe(401);
    }
    const login = await signIn(customer.email);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({
      code: 'account.disabled',
      message:
        'This account has been disabled. Please contact Atlas Freight to have it enabled again.',
    });
    const french = await signIn(customer.email, TEST_PASSWORD, 'fr');
    expect(french.json()).toMatchObject({
      code: 'account.disabled',
      message: expect.stringContaining('Ce compte a été désactivé'),
    });
    // A wrong password learns nothing of the account's state.
    const guess = await signIn(customer.email, 'Not-The-Password-9');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().code).toBe('auth.invalid_credentials');

    const listed = await listedUser(customer.email);
    expect(Date.now() - Date.parse(listed.disabledAt!)).toBeLessThan(60_000);
  });

  it('keeps its orders, and enabling lets it sign in to find them again', async () => {
    const order = await testApp.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${orderId}`,
      headers: bearer(admin.token),
    });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().order.customer.email).toBe(customer.email);

    const response = await setDisabled(customer.user.id, 'enable');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ userId: customer.user.id, disabled: false });
    expect((await listedUser(customer.email)).disabledAt).toBeNull();

    const login = await signIn(customer.email);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const orders = await testApp.app.inject({
      method: 'GET',
      url: '/api/dashboard/orders',
      headers: bearer(token),
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(JSON.stringify(orders.json())).toContain(orderId);
    // The sessions it had before stay ended.
    expect((await profileWith(customer.token)).statusCode).toBe(401);
  });
});

describe('another instance of the API', () => {
  it('refuses the old token without waiting out the check it remembered', async () => {
    // A clock that stands still: instance B would reuse its check of the session for ever
    // unless the database tells it of the revocation.
    const second = await buildTestApp({ sameDatabaseAs: testApp, clock: createTestClock() });
    try {
      const customer = await loginAs(testApp, 'individual');
      const profileThere = () =>
        second.app.inject({
          method: 'GET',
          url: '/api/auth/profile',
          headers: bearer(customer.token),
        });
      expect((await profileThere()).statusCode).toBe(200);
      expect((await setDisabled(customer.user.id, 'disable')).statusCode).toBe(200);
      await waitUntil('instance B refusing the disabled account', async () =>
        (await profileThere()).statusCode === 401 ? true : undefined,
      );
    } finally {
      await second.close();
    }
  });
});

describe('disabling an administrator', () => {
  it('another admin can; their token is refused at once', async () => {
    const other = await loginAs(testApp, 'admin');
    const response = await setDisabled(other.user.id, 'disable');
    expect(response.statusCode, response.body).toBe(200);
    const refused = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(401);
    expect((await signIn(other.email)).json().code).toBe('account.disabled');
  });

  it('nobody disables themselves (409), and the account keeps working', async () => {
    const response = await setDisabled(admin.user.id, 'disable');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'account.cannot_disable_self',
      message: 'You cannot disable your own account',
    });
    expect((await profileWith(admin.token)).statusCode).toBe(200);
    expect((await listedUser(admin.email)).disabledAt).toBeNull();
  });
});

describe('what the routes refuse', () => {
  it('customers get 403 and callers without a session 401', async () => {
    const customer = await loginAs(testApp, 'individual');
    const victim = await loginAs(testApp, 'individual');
    for (const action of ['disable', 'enable'] as const) {
      expect((await setDisabled(victim.user.id, action, customer.token)).statusCode).toBe(403);
      const anonymous = await testApp.app.inject({
        method: 'POST',
        url: `/api/admin/users/${victim.user.id}/${action}`,
      });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await profileWith(victim.token)).statusCode).toBe(200);
  });

  it('an unknown account, a malformed id or a driver’s account is 404', async () => {
    const truck = await createTruckWithDriver(testApp);
    const [driver] = await testApp.database.db
      .select({ userId: drivers.userId })
      .from(drivers)
      .where(eq(drivers.id, truck.driverId));
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', driver!.userId]) {
      const response = await setDisabled(id, 'disable');
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe('account.not_found');
    }
  });
});
