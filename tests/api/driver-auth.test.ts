import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverSignInCodes, outboxMessages } from '../../src/server/db/schema';
import {
  CODE_MAX_ATTEMPTS,
  DRIVER_SIGN_IN_CODE_LIFETIME_MS,
} from '../../src/shared/schemas/driver-schemas';
import {
  addDriver,
  requestSignInCode,
  signInDriver,
  startSmsCatcher,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, driverTruckPayload, loginAs, uniqueDriverPhone, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';
import { waitUntil } from './polling';

let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  sms = await startSmsCatcher();
  clock = createTestClock();
  testApp = await buildTestApp({
    clock,
    // Every request here comes from one address: only the per-phone limit is under test.
    env: { SMS_URL: sms.url, RATE_LIMIT_DRIVER_CODE_PER_IP: '1000' },
  });
  admin = await loginAs(testApp, 'admin');
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, token: string) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
const login = (phone: string, code: string) => post('/api/driver/auth/login', { phone, code });

const priceRequest = {
  origin: { lat: 33.5731, lng: -7.5898 },
  destination: { lat: 34.0209, lng: -6.8416 },
  weight: 12,
  length: 20,
  width: 15,
  height: 10,
};

/** A six-digit code that is not this one. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Lets the outbox deliver anything queued so far, so "no SMS" is not just "not yet". */
async function settleOutbox(): Promise<void> {
  await waitUntil('the outbox to send every queued SMS', async () => {
    const queued = await testApp.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'queued'));
    return queued.length === 0 ? true : undefined;
  });
}

describe('driver sign-in by phone', () => {
  it('signs in with the code from the SMS, as role DRIVER, with the driver in the profile', async () => {
    const driver = await addDriver(testApp, admin.token, { fullName: 'Youssef Tazi' });
    const { token, user } = await signInDriver(testApp, driver.phone, sms);
    expect(user).toMatchObject({
      role: 'DRIVER',
      email: null,
      name: 'Youssef Tazi',
      driver: { id: driver.driverId, fullName: 'Youssef Tazi', truckNumber: driver.truckNumber },
    });
    const profile = await get('/api/auth/profile', token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({ role: 'DRIVER', driver: { id: driver.driverId } });
    const [sent] = sms.messages.filter((m) => m.to === driver.phone);
    expect(sent!.text).toMatch(
      /^Atlas Freight: your sign-in code is \d{6}\. It expires in 10 minutes\.$/,
    );
  });

  it('reads 06… and +2126… as one number: ask with one, sign in with the other', async () => {
    const phone = uniqueDriverPhone();
    const local = `0${phone.slice(4)}`;
    await addDriver(testApp, admin.token, { phone: local });
    const spaced = `${local.slice(0, 4)} ${local.slice(4, 6)} ${local.slice(6, 8)} ${local.slice(8)}`;
    const code = await requestSignInCode(testApp, phone, sms, spaced);
    const response = await login(phone, code);
    expect(response.statusCode, response.body).toBe(200);
    const fromLocal = await requestSignInCode(testApp, phone, sms);
    expect((await login(local, fromLocal)).statusCode).toBe(200);
  });

  it('answers 202 and sends nothing for an unknown number or a deactivated driver', async () => {
    const deactivated = await addDriver(testApp, admin.token);
    const off = await post(
      `/api/admin/drivers/${deactivated.driverId}/deactivate`,
      {},
      bearer(admin.token),
    );
    expect(off.statusCode, off.body).toBe(200);
    const unknown = uniqueDriverPhone();
    for (const phone of [unknown, deactivated.phone]) {
      const response = await post('/api/driver/auth/code', { phone });
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({
        message: 'If this number belongs to a driver, a sign-in code is on its way by SMS.',
      });
    }
    await settleOutbox();
    expect(sms.messages.filter((m) => m.to === unknown || m.to === deactivated.phone)).toEqual([]);
  });

  it('refuses a bad phone with 400 and a field message', async () => {
    const response = await post('/api/driver/auth/code', { phone: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ phone: 'Enter a valid phone number' });
  });

  it('refuses a wrong code, an unknown phone and a used code with one 401', async () => {
    const driver = await addDriver(testApp, admin.token);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    const wrong = await login(driver.phone, otherThan(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'driver.sign_in_code_wrong',
      message: 'This code is not correct or has expired',
    });
    expect((await login(uniqueDriverPhone(), code)).statusCode).toBe(401);
    expect((await login(driver.phone, code)).statusCode).toBe(200);
    expect((await login(driver.phone, code)).statusCode).toBe(401);
  });

  it(`kills the code after ${CODE_MAX_ATTEMPTS} wrong tries: the right code then fails too`, async () => {
    const driver = await addDriver(testApp, admin.token);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i += 1) {
      expect((await login(driver.phone, otherThan(code))).statusCode).toBe(401);
    }
    expect((await login(driver.phone, code)).statusCode).toBe(401);
  });

  it('a code expires after 10 minutes', async () => {
    const driver = await addDriver(testApp, admin.token);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    clock.advance(DRIVER_SIGN_IN_CODE_LIFETIME_MS + 1000);
    expect((await login(driver.phone, code)).statusCode).toBe(401);
    const fresh = await requestSignInCode(testApp, driver.phone, sms);
    clock.advance(DRIVER_SIGN_IN_CODE_LIFETIME_MS - 60_000);
    expect((await login(driver.phone, fresh)).statusCode).toBe(200);
  });

  it('keeps no code in plain text: not in the code row, not in the sent SMS row', async () => {
    const driver = await addDriver(testApp, admin.token);
    const code = await requestSignInCode(testApp, driver.phone, sms);
    const [row] = await testApp.database.db
      .select()
      .from(driverSignInCodes)
      .where(eq(driverSignInCodes.driverId, driver.driverId))
      .orderBy(desc(driverSignInCodes.createdAt))
      .limit(1);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    await settleOutbox();
    const [message] = await testApp.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, driver.phone));
    expect(message!.status).toBe('sent');
    expect(JSON.stringify(message!.params)).not.toContain(code);
    // Sent through a gateway: no text kept for the Messages screen either.
    expect(message!.localText).toBeNull();
  });

  it('answers 429 with Retry-After once one number asked for too many codes', async () => {
    const driver = await addDriver(testApp, admin.token);
    const answers: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push((await post('/api/driver/auth/code', { phone: driver.phone })).statusCode);
    }
    expect(answers).toEqual([202, 202, 202, 429]);
    const refused = await post('/api/driver/auth/code', { phone: driver.phone });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another number is not held back by this one.
    const other = await addDriver(testApp, admin.token);
    expect((await post('/api/driver/auth/code', { phone: other.phone })).statusCode).toBe(202);
  });
});

describe('what a driver may do', () => {
  it('403 on customer and admin routes, and on the price quote', async () => {
    const driver = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    const customerRoute = await get('/api/dashboard', token);
    expect(customerRoute.statusCode).toBe(403);
    expect(customerRoute.json()).toEqual({
      code: 'auth.customers_only',
      message: "This is for customers' accounts",
    });
    const adminRoute = await get('/api/admin/orders', token);
    expect(adminRoute.statusCode).toBe(403);
    expect(adminRoute.json()).toEqual({
      code: 'auth.admins_only',
      message: 'Admin privileges are required',
    });
    const quote = await post('/api/dashboard/distance', priceRequest, bearer(token));
    expect(quote.statusCode).toBe(403);
  });

  it('a customer and an admin still get a price quote', async () => {
    const customer = await loginAs(testApp, 'company');
    for (const token of [customer.token, admin.token]) {
      const quote = await post('/api/dashboard/distance', priceRequest, bearer(token));
      expect(quote.statusCode, quote.body).toBe(200);
    }
  });

  it('logs out: the token stops working', async () => {
    const driver = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    expect((await post('/api/auth/logout', {}, bearer(token))).statusCode).toBe(200);
    expect((await get('/api/auth/profile', token)).statusCode).toBe(401);
  });

  it('the Users list never shows a driver', async () => {
    const driver = await addDriver(testApp, admin.token, { fullName: 'Hidden Driver Name' });
    await signInDriver(testApp, driver.phone, sms);
    const list = await get('/api/admin/users?pageSize=100', admin.token);
    expect(list.statusCode).toBe(200);
    const users = list.json() as Array<{ role: string; name: string }>;
    expect(users.some((u) => u.role === 'DRIVER' || u.name === 'Hidden Driver Name')).toBe(false);
  });
});

describe('deactivation', () => {
  it("ends the driver's sessions and blocks sign-in; reactivation lets them in again", async () => {
    const driver = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    const pending = await requestSignInCode(testApp, driver.phone, sms);

    const off = await post(
      `/api/admin/drivers/${driver.driverId}/deactivate`,
      {},
      bearer(admin.token),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ driverId: driver.driverId, driverActive: false });
    expect((await get('/api/auth/profile', token)).statusCode).toBe(401);
    expect((await login(driver.phone, pending)).statusCode).toBe(401);

    const trucks = await get(`/api/admin/trucks?q=${driver.truckNumber}`, admin.token);
    expect(trucks.json()[0]).toMatchObject({ driverId: driver.driverId, driverActive: false });
    const offered = await get('/api/admin/truck-driver', admin.token);
    expect(offered.json().map((c: { id: string }) => c.id)).not.toContain(driver.driverId);

    const on = await post(
      `/api/admin/drivers/${driver.driverId}/activate`,
      {},
      bearer(admin.token),
    );
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ driverActive: true });
    const again = await signInDriver(testApp, driver.phone, sms);
    expect(again.user.role).toBe('DRIVER');
    expect(
      (await get('/api/admin/truck-driver', admin.token)).json().map((c: { id: string }) => c.id),
    ).toContain(driver.driverId);
  });

  it('is for admins only, and answers 404 for an unknown driver', async () => {
    const driver = await addDriver(testApp, admin.token);
    const customer = await loginAs(testApp, 'individual');
    const url = `/api/admin/drivers/${driver.driverId}/deactivate`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, bearer(customer.token))).statusCode).toBe(403);
    const { token } = await signInDriver(testApp, driver.phone, sms);
    expect((await post(url, {}, bearer(token))).statusCode).toBe(403);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const missing = await post(`/api/admin/drivers/${id}/deactivate`, {}, bearer(admin.token));
      expect(missing.statusCode).toBe(404);
    }
  });
});

describe('Add new', () => {
  it('refuses a phone another driver has with 409, in any way it is written', async () => {
    const first = await addDriver(testApp, admin.token);
    const local = `0${first.phone.slice(4)}`;
    const response = await post(
      '/api/admin/trucks/add',
      driverTruckPayload({ phone: local }),
      bearer(admin.token),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({
      phone: 'A driver with this phone number already exists',
    });
  });
});
