import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashRemittances, orders, payments } from '../../src/server/db/schema';
import { formatMad } from '../../src/shared/format';
import { roundToCents } from '../../src/shared/numbers';
import type {
  CashLedgerRow,
  CashRemittance,
  FlaggedCashOrder,
  RecordRemittanceResult,
} from '../../src/shared/schemas/cash-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  createDriverHelpers,
  startSmsCatcher,
  type AddedDriver,
  type SignedInDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'individual');
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const { newDriver, orderOnTheRoad, postDriverStep } = createDriverHelpers(() => ({
  testApp,
  admin,
  customer,
  sms,
}));

/**
 * The real path of the cash: a customer places a cash-on-delivery order, the admin dispatches it
 * to the driver, who picks it up and delivers it with the receiver's code (the one the customer
 * sees on their order), entering the cash collected. Answers the order's price.
 */
async function deliverCashOrder(
  driver: SignedInDriver,
  collected: (price: number) => number,
): Promise<{ order: CustomerOrderDetail; cashCollected: number }> {
  const order = await orderOnTheRoad(driver, {
    payment_method: 'cash_on_delivery',
    fee_paid_by: 'receiver',
  });
  expect(order.deliveryCode).toMatch(/^\d{6}$/);
  const pickedUp = await postDriverStep(driver, order.id, 'pickup');
  expect(pickedUp.statusCode, pickedUp.body).toBe(200);
  const cashCollected = collected(order.price);
  const delivered = await postDriverStep(driver, order.id, 'deliver', {
    code: order.deliveryCode,
    cashCollected,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { order, cashCollected };
}

const get = (url: string, token = admin.token) =>
  testApp.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Each call a new attempt, with its own Idempotency-Key, as the Cash screen sends. */
const recordRemittance = (payload: object, token = admin.token, key: string = randomUUID()) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/admin/cash/remittances',
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  });

async function ledgerRowOf(driver: AddedDriver): Promise<CashLedgerRow> {
  const response = await get(`/api/admin/cash?q=${encodeURIComponent(driver.truckNumber)}`);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json() as CashLedgerRow[];
  const row = rows.find((candidate) => candidate.driverId === driver.driverId);
  expect(row, `${driver.truckNumber} in the ledger`).toBeDefined();
  return row!;
}

describe('the cash ledger after deliveries', () => {
  let driver: SignedInDriver;
  let fullOrder: { order: CustomerOrderDetail; cashCollected: number };
  let shortOrder: { order: CustomerOrderDetail; cashCollected: number };

  beforeAll(async () => {
    driver = await newDriver({ fullName: 'Yassine Ledger' });
    fullOrder = await deliverCashOrder(driver, (price) => price);
    shortOrder = await deliverCashOrder(driver, (price) => roundToCents(price - 12.5));
  });

  it('counts what the driver entered as collected, and what they still hold', async () => {
    const row = await ledgerRowOf(driver);
    const collected = roundToCents(fullOrder.cashCollected + shortOrder.cashCollected);
    expect(row).toEqual({
      driverId: driver.driverId,
      driverName: 'Yassine Ledger',
      phone: expect.any(String),
      truckNumber: driver.truckNumber,
      active: true,
      collected,
      handedIn: 0,
      outstanding: collected,
      flaggedOrders: 1,
      shortfall: 12.5,
      overCollection: 0,
    });
  });

  it('flags the order collected short, with its price, the cash and the gap', async () => {
    const response = await get(`/api/admin/cash/flagged?driverId=${driver.driverId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    const [flagged] = response.json() as FlaggedCashOrder[];
    expect(flagged).toEqual({
      orderId: shortOrder.order.id,
      trackingNumber: shortOrder.order.trackingNumber,
      driverId: driver.driverId,
      driverName: 'Yassine Ledger',
      price: shortOrder.order.price,
      amountToCollect: shortOrder.order.amountToCollect,
      collected: shortOrder.cashCollected,
      shortfall: 12.5,
      overCollection: 0,
      deliveredAt: expect.any(String),
    });
    const byTrackingNumber = await get(
      `/api/admin/cash/flagged?q=${shortOrder.order.trackingNumber}`,
    );
    expect((byTrackingNumber.json() as FlaggedCashOrder[]).map((o) => o.orderId)).toEqual([
      shortOrder.order.id,
    ]);
  });

  it('finds a driver by name, by plate, and by phone in the local form', async () => {
    const localPhone = `0${driver.phone.slice('+212'.length)}`;
    for (const q of ['yassine ledger', driver.truckNumber, localPhone]) {
      const response = await get(`/api/admin/cash?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      const ids = (response.json() as CashLedgerRow[]).map((row) => row.driverId);
      expect(ids, q).toEqual([driver.driverId]);
      expect(response.headers['x-total-count'], q).toBe('1');
    }
  });
});

describe('POST /api/admin/cash/remittances', () => {
  let driver: SignedInDriver;
  let collected: number;

  beforeAll(async () => {
    driver = await newDriver({ fullName: 'Omar Remit' });
    ({ cashCollected: collected } = await deliverCashOrder(driver, (price) => price));
  });

  it.each([
    ['zero', 0, 'The amount must be more than 0'],
    ['negative', -5, 'The amount must be more than 0'],
    ['more than 2 decimals', 1.005, 'The amount can have at most 2 decimals'],
    ['missing', undefined, 'Enter the amount handed in (MAD)'],
  ])('refuses an amount %s with a message on the field', async (_, amount, message) => {
    const response = await recordRemittance({ driverId: driver.driverId, amount });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errors: { amount: message } });
  });

  it('refuses more than the driver holds, saying how much they hold', async () => {
    const response = await recordRemittance({
      driverId: driver.driverId,
      amount: roundToCents(collected + 0.01),
    });
    expect(response.statusCode, response.body).toBe(400);
    const outstanding = formatMad(collected);
    expect(response.json()).toEqual({
      code: 'cash.exceeds_outstanding',
      message: `The amount cannot exceed the outstanding ${outstanding}`,
      errors: { amount: `The amount cannot exceed the outstanding ${outstanding}` },
      errorCodes: { amount: 'cash.exceeds_outstanding' },
    });
    expect((await ledgerRowOf(driver)).handedIn).toBe(0);
  });

  it('404s an unknown driver and an id that is not one', async () => {
    for (const driverId of ['7f0c2a4e-0000-4000-8000-000000000000', 'not-a-driver']) {
      const response = await recordRemittance({ driverId, amount: 1 });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ code: 'driver.not_found', message: 'Driver not found' });
    }
  });

  it('refuses a note over 500 characters', async () => {
    const response = await recordRemittance({
      driverId: driver.driverId,
      amount: 1,
      note: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: { note: 'The note must be 500 characters or less' },
    });
  });

  it('records exactly the outstanding: 201, and the driver then holds nothing', async () => {
    const response = await recordRemittance({
      driverId: driver.driverId,
      amount: collected,
      note: '  Counted at the Casablanca depot  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json() as RecordRemittanceResult;
    expect(result).toEqual({
      message: 'Cash handed in recorded',
      outstanding: 0,
      remittance: {
        id: expect.any(String),
        driverId: driver.driverId,
        driverName: 'Omar Remit',
        amount: collected,
        note: 'Counted at the Casablanca depot',
        recordedBy: admin.email,
        createdAt: expect.any(String),
      },
    });
    const [stored] = await testApp.database.db
      .select()
      .from(cashRemittances)
      .where(eq(cashRemittances.id, result.remittance.id));
    expect(stored!.amountCentimes).toBe(Math.round(collected * 100));
    expect(await ledgerRowOf(driver)).toMatchObject({
      collected,
      handedIn: collected,
      outstanding: 0,
    });
    const listed = await get(`/api/admin/cash/remittances?driverId=${driver.driverId}`);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()).toEqual([result.remittance]);

    const more = await recordRemittance({ driverId: driver.driverId, amount: 0.01 });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({
      errors: { amount: 'The amount cannot exceed the outstanding 0.00 MAD' },
    });
  });
});

describe('remittances at the same time', () => {
  it('never together exceed what the driver holds', async () => {
    const driver = await newDriver({ fullName: 'Karim Race' });
    const { cashCollected } = await deliverCashOrder(driver, (price) => price);
    // Each is 40 % of the cash: two fit, a third would go past it, whatever order they run in.
    const share = roundToCents(cashCollected * 0.4);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        recordRemittance({ driverId: driver.driverId, amount: share }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400]);
    const row = await ledgerRowOf(driver);
    expect(row.handedIn).toBe(roundToCents(share * 2));
    expect(row.outstanding).toBe(roundToCents(cashCollected - share * 2));
    expect(row.outstanding).toBeGreaterThanOrEqual(0);
  });
});

describe('access', () => {
  it('answers a customer 403 on every cash route, and a driver too', async () => {
    const driver = await newDriver({ fullName: 'Nadia Access' });
    for (const token of [customer.token, driver.token]) {
      for (const url of [
        '/api/admin/cash',
        '/api/admin/cash/export.csv',
        '/api/admin/cash/remittances',
        '/api/admin/cash/remittances/export.csv',
        '/api/admin/cash/flagged',
        '/api/admin/cash/flagged/export.csv',
      ]) {
        expect((await get(url, token)).statusCode, url).toBe(403);
      }
      const post = await recordRemittance({ driverId: driver.driverId, amount: 1 }, token);
      expect(post.statusCode).toBe(403);
    }
    expect((await testApp.app.inject({ url: '/api/admin/cash' })).statusCode).toBe(401);
  });

  it('400s a driverId filter that is not an id', async () => {
    const response = await get('/api/admin/cash/remittances?driverId=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { driverId: 'driverId must be a driver id' } });
  });
});

describe('CSV exports', () => {
  let driver: SignedInDriver;
  let remittance: CashRemittance;
  let short: { order: CustomerOrderDetail; cashCollected: number };

  beforeAll(async () => {
    driver = await newDriver({ fullName: 'Salma Export' });
    short = await deliverCashOrder(driver, (price) => roundToCents(price - 20));
    const response = await recordRemittance({
      driverId: driver.driverId,
      amount: 10,
      note: 'First, part',
    });
    expect(response.statusCode, response.body).toBe(201);
    remittance = (response.json() as RecordRemittanceResult).remittance;
  });

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('exports the ledger with its headings and the driver line', async () => {
    const response = await get(
      `/api/admin/cash/export.csv?q=${encodeURIComponent(driver.truckNumber)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="cash-ledger-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, ...rest] = csvLines(response.body);
    expect(header).toBe(
      'Driver ID,Driver name,Driver phone,Truck ID,Active,Collected (MAD),Handed in (MAD),Outstanding (MAD),Flagged orders,Shortfall (MAD),Over-collection (MAD)',
    );
    expect(rest).toEqual([]);
    const collected = short.cashCollected;
    expect(row!.split(',')).toEqual([
      driver.driverId,
      'Salma Export',
      expect.any(String),
      driver.truckNumber,
      'yes',
      collected.toFixed(2),
      '10.00',
      (collected - 10).toFixed(2),
      '1',
      '20.00',
      '0.00',
    ]);
  });

  it('exports the cash handed in, quoting a note with a comma', async () => {
    const response = await get(
      `/api/admin/cash/remittances/export.csv?driverId=${driver.driverId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="cash-remittances-/);
    expect(csvLines(response.body)).toEqual([
      'Remittance ID,Driver ID,Driver name,Amount (MAD),Note,Recorded by,Recorded at',
      `${remittance.id},${driver.driverId},Salma Export,10.00,"First, part",${admin.email},${remittance.createdAt}`,
    ]);
  });

  it('exports the flagged orders', async () => {
    const response = await get(`/api/admin/cash/flagged/export.csv?driverId=${driver.driverId}`);
    expect(response.statusCode).toBe(200);
    const [header, row, ...rest] = csvLines(response.body);
    expect(header).toBe(
      'Order ID,Tracking number,Driver ID,Driver name,Price (MAD),To collect (MAD),Collected (MAD),Shortfall (MAD),Over-collection (MAD),Delivered at',
    );
    expect(rest).toEqual([]);
    expect(row!.split(',').slice(0, 8)).toEqual([
      short.order.id,
      short.order.trackingNumber,
      driver.driverId,
      'Salma Export',
      short.order.price.toFixed(2),
      short.order.amountToCollect.toFixed(2),
      short.cashCollected.toFixed(2),
      '20.00',
    ]);
  });
});

describe('over-collection', () => {
  it('flags cash collected above the price and never writes it over the price or the payment', async () => {
    const driver = await newDriver({ fullName: 'Omar Over' });
    const { order, cashCollected } = await deliverCashOrder(driver, (price) =>
      roundToCents(price + 30),
    );
    const [stored] = await testApp.database.db
      .select({ price: orders.priceCentimes, paid: payments.amountCentimes })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, order.id));
    expect(stored).toEqual({
      price: Math.round(order.price * 100),
      paid: Math.round(order.price * 100),
    });
    const seen = await get(`/api/dashboard/orders/${order.id}`, customer.token);
    expect(seen.json().order.price).toBe(order.price);
    const office = await get(`/api/admin/orders/${order.id}`);
    expect(office.json().order).toMatchObject({
      cashCollected,
      cashShortfall: null,
      cashOverCollection: 30,
      payment: { amount: order.price },
    });

    // The office sees it where it sees short amounts; the driver holds what they collected.
    const flagged = await get(`/api/admin/cash/flagged?driverId=${driver.driverId}`);
    expect(flagged.json()).toEqual([
      expect.objectContaining({
        orderId: order.id,
        price: order.price,
        collected: cashCollected,
        shortfall: 0,
        overCollection: 30,
      }),
    ]);
    expect(await ledgerRowOf(driver)).toMatchObject({
      collected: cashCollected,
      outstanding: cashCollected,
      flaggedOrders: 1,
      shortfall: 0,
      overCollection: 30,
    });
  });
});

describe('a remittance and its Idempotency-Key', () => {
  it('records once per key: a replay answers the first answer; no key is a 400', async () => {
    const driver = await newDriver({ fullName: 'Idriss Replay' });
    await deliverCashOrder(driver, (price) => price);
    const missing = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/cash/remittances',
      headers: bearer(admin.token),
      payload: { driverId: driver.driverId, amount: 5 },
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().code).toBe('idempotency.key_required');

    const key = randomUUID();
    const first = await recordRemittance(
      { driverId: driver.driverId, amount: 5 },
      admin.token,
      key,
    );
    expect(first.statusCode, first.body).toBe(201);
    const replay = await recordRemittance(
      { driverId: driver.driverId, amount: 5 },
      admin.token,
      key,
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const rows = await testApp.database.db
      .select()
      .from(cashRemittances)
      .where(eq(cashRemittances.driverId, driver.driverId));
    expect(rows).toHaveLength(1);
  });
});
