import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashRemittances,
  orders,
  outboxMessages,
  trackingEvents,
  trucks,
  users,
} from '../../src/server/db/schema';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import { addDriver, signInDriver, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import {
  bearer,
  companyPayload,
  createOrderAs,
  driverTruckPayload,
  individualPayload,
  loginAs,
  orderPayload,
  uniqueDriverPhone,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * docs/decisions/0011-hardening.md: every text field a client sends has a maximum length. One
 * character over it is a 400 naming the field, and nothing is written; at the maximum the
 * request goes through.
 */
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let db: TestApp['database']['db'];

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({
    env: {
      SMS_URL: sms.url,
      // This file signs up and orders far more than a person would from one address.
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_ORDER_PER_CUSTOMER: '1000',
      RATE_LIMIT_ORDER_PER_IP: '1000',
    },
  });
  db = testApp.database.db;
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

/** Text of exactly this many characters. */
const text = (length: number, letter = 'a') => letter.repeat(length);
/** A unique email address of exactly this many characters. */
const emailOfLength = (length: number) => {
  const domain = `@${randomUUID().slice(0, 8)}.example.ma`;
  return `${text(length - domain.length, 'e')}${domain}`;
};

const tooLong = (max: number) => `Must be ${max} characters or less`;
const PHONE_INVALID = 'Phone number is not valid';

interface Refusal {
  statusCode: number;
  json(): { errors?: Record<string, string> };
  body: string;
}

/** A 400 whose field errors name this field with this message. */
function expectFieldRefused(response: Refusal, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().errors?.[field], response.body).toBe(message);
}

async function countRows(table: typeof users | typeof orders | typeof trucks) {
  const [row] = await db.select({ n: count() }).from(table);
  return row!.n;
}

describe('POST /api/auth/register', () => {
  const register = (payload: object) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/register', payload });

  it.each([
    ['company.companyName', { companyName: text(151) }, tooLong(150)],
    ['company.rc', { rc: text(51) }, tooLong(50)],
    ['company.nIf', { nIf: text(51) }, tooLong(50)],
    ['company.responsableName', { responsableName: text(101) }, tooLong(100)],
    ['company.phone', { phone: '0'.repeat(21) }, PHONE_INVALID],
    ['company.address', { address: text(301) }, tooLong(300)],
    ['email', { email: emailOfLength(255) }, tooLong(254)],
  ])('refuses a company %s one over its maximum', async (field, fields, message) => {
    const before = await countRows(users);
    expectFieldRefused(await register(companyPayload(fields)), field, message);
    expect(await countRows(users)).toBe(before);
  });

  it.each([
    ['individual.fullName', { fullName: text(26) }, tooLong(25)],
    ['individual.nationalId', { nationalId: text(51) }, tooLong(50)],
    ['individual.phone', { phone: '0'.repeat(21) }, PHONE_INVALID],
    ['individual.address', { address: text(301) }, tooLong(300)],
  ])('refuses an individual %s one over its maximum', async (field, fields, message) => {
    const before = await countRows(users);
    expectFieldRefused(await register(individualPayload(fields)), field, message);
    expect(await countRows(users)).toBe(before);
  });

  it('takes every field at its maximum', async () => {
    const company = await register(
      companyPayload({
        email: emailOfLength(254),
        companyName: text(150),
        rc: text(50),
        nIf: text(50),
        responsableName: text(100),
        address: text(300),
      }),
    );
    expect(company.statusCode, company.body).toBe(201);
    const individual = await register(
      individualPayload({
        fullName: text(25),
        nationalId: text(50),
        address: text(300),
      }),
    );
    expect(individual.statusCode, individual.body).toBe(201);
  });
});

describe('the other account forms', () => {
  it('refuses an email over 254 characters on sign-in and on a reset request', async () => {
    const email = emailOfLength(255);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Sahara@2026' },
    });
    expectFieldRefused(login, 'email', tooLong(254));

    const [before] = await db.select({ n: count() }).from(outboxMessages);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgetPassword',
      payload: { email },
    });
    expectFieldRefused(reset, 'email', tooLong(254));
    const [after] = await db.select({ n: count() }).from(outboxMessages);
    expect(after!.n).toBe(before!.n);
  });

  it('refuses a reset token over 100 characters before reading it', async () => {
    const reset = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/auth/reset_password/${token}`,
        payload: { password: 'Sahara@2027', confirmPassword: 'Sahara@2027' },
      });
    expect((await reset(text(100))).statusCode).toBe(400);
    expect((await reset(text(101))).statusCode).toBe(414);
  });
});

describe('POST /api/dashboard/neworder', () => {
  const placeOrder = (overrides: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: bearer(customer.token),
      payload: orderPayload(overrides),
    });

  it.each([
    ['pickup_loc', text(101), 'Choose a city from the list'],
    ['delivery_loc', text(101), 'Choose a city from the list'],
    ['pickup_address', text(301), tooLong(300)],
    ['delivery_address', text(301), tooLong(300)],
    ['shipment_info', text(501), tooLong(500)],
    ['shipment_note', text(1001), tooLong(1000)],
    ['receiver_name', text(101), tooLong(100)],
    ['receiver_phone', '0'.repeat(21), tooLong(20)],
    ['receiver_email', emailOfLength(255), tooLong(254)],
  ])('refuses %s one over its maximum and places nothing', async (field, value, message) => {
    const before = await countRows(orders);
    expectFieldRefused(await placeOrder({ [field]: value }), field, message);
    expect(await countRows(orders)).toBe(before);
  });

  it('places an order with every text at its maximum', async () => {
    const response = await placeOrder({
      pickup_address: text(300),
      delivery_address: text(300, 'b'),
      shipment_info: text(500),
      shipment_note: text(1000),
      receiver_name: text(100),
      receiver_email: emailOfLength(254),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { order } = response.json() as { order: CustomerOrderDetail };
    expect(order.shipment_note).toHaveLength(1000);
    expect(order.receiverEmail).toHaveLength(254);
  });
});

describe('PUT /api/admin/orders/:id/update-status', () => {
  it.each([
    ['status', { status: text(41) }, 'Unknown status'],
    [
      'reason',
      { status: 'CANCELLED', reason: text(501) },
      'The reason must be 500 characters or less',
    ],
    [
      'truckNumber',
      { status: 'IN_TRANSIT', truckNumber: text(21), driverId: randomUUID() },
      'The plate number must be 20 characters or less',
    ],
    ['driverId', { status: 'IN_TRANSIT', truckNumber: 'T-1', driverId: text(101) }, tooLong(100)],
  ] as const)(
    'refuses %s one over its maximum and leaves the order',
    async (field, body, message) => {
      const order = await createOrderAs(testApp, customer);
      expectFieldRefused(await updateOrderStatus(testApp, admin, order.id, body), field, message);
      const [stored] = await db
        .select({ status: orders.status, cancelReason: orders.cancelReason })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(stored).toEqual({ status: 'PENDING', cancelReason: null });
    },
  );

  it('cancels with a reason of 500 characters', async () => {
    const order = await createOrderAs(testApp, customer);
    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'CANCELLED',
      reason: text(500),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order.cancellationReason).toHaveLength(500);
  });

  it('refuses an order id over 100 characters before looking for it', async () => {
    const read = (id: string) =>
      testApp.app.inject({ url: `/api/admin/orders/${id}`, headers: bearer(admin.token) });
    expect((await read(text(100))).statusCode).toBe(404);
    // Fastify's router refuses a path parameter over its maxParamLength (100) itself; the answer
    // is still the product's coded body, in the caller's language, and never cached.
    const tooLong = await read(text(101));
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      code: 'request.url_too_long',
      message: 'This address is too long',
    });
    expect(tooLong.headers['cache-control']).toBe('no-store');
    const french = await testApp.app.inject({
      url: `/api/admin/orders/${text(101)}`,
      headers: { ...bearer(admin.token), 'accept-language': 'fr' },
    });
    expect(french.json()).toEqual({
      code: 'request.url_too_long',
      message: 'Cette adresse est trop longue',
    });
    const badEncoding = await testApp.app.inject({
      url: '/api/admin/orders/%E0%A4%A',
      headers: bearer(admin.token),
    });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json().code).toBe('request.bad_url');
  });
});

describe('POST /api/admin/trucks/add', () => {
  const addTruck = (overrides: object) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/admin/trucks/add',
      headers: bearer(admin.token),
      payload: driverTruckPayload(overrides),
    });

  it.each([
    ['fullName', text(101), tooLong(100)],
    ['phone', '0'.repeat(21), PHONE_INVALID],
    ['email', emailOfLength(255), tooLong(254)],
    ['nationalId', text(31), tooLong(30)],
    ['license', text(31), tooLong(30)],
    ['licenseExpire', text(11, '2'), 'Enter a valid date (yyyy-MM-dd)'],
    ['technicalDate', text(11, '2'), 'Enter a valid date (yyyy-MM-dd)'],
    ['truckNumber', text(21), 'The plate number must be 20 characters or less'],
    ['model', text(61), tooLong(60)],
    ['truckType', text(41), tooLong(40)],
  ])('refuses %s one over its maximum and adds nothing', async (field, value, message) => {
    const before = await countRows(trucks);
    expectFieldRefused(await addTruck({ [field]: value }), field, message);
    expect(await countRows(trucks)).toBe(before);
  });

  it('adds a driver and truck with every text at its maximum', async () => {
    const unique = randomUUID().replaceAll('-', '').toUpperCase();
    const response = await addTruck({
      fullName: text(100),
      phone: uniqueDriverPhone(),
      email: emailOfLength(254),
      nationalId: unique.slice(0, 30),
      license: unique.slice(2, 32),
      truckNumber: unique.slice(0, 20),
      model: text(60),
      truckType: text(40),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().truck.truckNumber).toBe(unique.slice(0, 20));
  });

  it('refuses a driver id over 100 characters on deactivation', async () => {
    const deactivate = (id: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/admin/drivers/${id}/deactivate`,
        headers: bearer(admin.token),
      });
    expect((await deactivate(text(100))).statusCode).toBe(404);
    expect((await deactivate(text(101))).statusCode).toBe(414);
  });
});

describe('POST /api/admin/cash/remittances', () => {
  it.each([
    ['driverId', { driverId: text(101), amount: 10 }, 'driverId must be a driver id'],
    [
      'note',
      { driverId: randomUUID(), amount: 10, note: text(501) },
      'The note must be 500 characters or less',
    ],
  ])('refuses %s one over its maximum and records nothing', async (field, body, message) => {
    const [before] = await db.select({ n: count() }).from(cashRemittances);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/cash/remittances',
      headers: bearer(admin.token),
      payload: body,
    });
    expectFieldRefused(response, field, message);
    const [after] = await db.select({ n: count() }).from(cashRemittances);
    expect(after!.n).toBe(before!.n);
  });
});

describe('the driver', () => {
  it('is refused a phone over 30 characters and a code over 6 digits', async () => {
    const [before] = await db.select({ n: count() }).from(outboxMessages);
    const code = await testApp.app.inject({
      method: 'POST',
      url: '/api/driver/auth/code',
      payload: { phone: `+212 6${' 1'.repeat(13)}` },
    });
    expectFieldRefused(code, 'phone', 'Enter a valid phone number');
    const [after] = await db.select({ n: count() }).from(outboxMessages);
    expect(after!.n).toBe(before!.n);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/driver/auth/login',
      payload: { phone: uniqueDriverPhone(), code: '1234567' },
    });
    expectFieldRefused(login, 'code', 'Enter the 6-digit code');
  });

  it('writes a failed attempt with a note of 500 characters, not 501', async () => {
    const added = await addDriver(testApp, admin.token);
    const { token } = await signInDriver(testApp, added.phone, sms);
    const order = await createOrderAs(testApp, customer);
    const dispatched = await updateOrderStatus(testApp, admin, order.id, {
      status: 'IN_TRANSIT',
      truckNumber: added.truckNumber,
      driverId: added.driverId,
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const reportFailure = (note: string) =>
      testApp.app.inject({
        method: 'POST',
        url: `/api/driver/orders/${order.id}/attempt-failed`,
        headers: bearer(token),
        payload: { reason: 'other', note },
      });
    const eventsOfOrder = async () =>
      (await db.select().from(trackingEvents).where(eq(trackingEvents.orderId, order.id))).length;

    const before = await eventsOfOrder();
    expectFieldRefused(
      await reportFailure(text(501)),
      'note',
      'The note must be 500 characters or less',
    );
    expect(await eventsOfOrder()).toBe(before);

    const accepted = await reportFailure(text(500));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await eventsOfOrder()).toBe(before + 1);
  });
});

describe('query parameters', () => {
  it.each([
    ['/api/admin/orders?q=', 'q', text(101), 'q must be 100 characters or less'],
    [
      '/api/admin/orders?status=',
      'status',
      'pending,'.repeat(26),
      'status must be 200 characters or less',
    ],
    [
      '/api/admin/truck-driver?orderId=',
      'orderId',
      text(101),
      'orderId must be 100 characters or less',
    ],
  ])('%s… is refused one over its maximum', async (url, field, value, message) => {
    const response = await testApp.app.inject({
      url: `${url}${value}`,
      headers: bearer(admin.token),
    });
    expectFieldRefused(response, field, message);
  });

  it('refuses a customer status filter over 200 characters', async () => {
    const response = await testApp.app.inject({
      url: `/api/dashboard/orders?status=${'pending,'.repeat(26)}`,
      headers: bearer(customer.token),
    });
    expectFieldRefused(response, 'status', 'status must be 200 characters or less');
  });

  it('refuses a tracking number over 40 characters', async () => {
    const response = await testApp.app.inject({ url: `/api/track/${text(41)}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['trackingNumber']);
  });
});
