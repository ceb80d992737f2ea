import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  merchantLedgerEntries,
  orders,
  organizationBalances,
  outboxMessages,
  payments,
  trackingEvents,
} from '../../src/server/db/schema';
import type { AdminOrderDetail, AdminOrder } from '../../src/shared/schemas/admin-schemas';
import type { DriverOrderList } from '../../src/shared/schemas/driver-schemas';
import type { CreateOrderInput, CustomerOrder } from '../../src/shared/schemas/order-schemas';
import { createDriverHelpers, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import {
  bearer,
  createOrderAs,
  loginAs,
  orderPayload,
  updateOrderStatus,
  type LoggedIn,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';

/*
 * Merchants' money on orders (docs/decisions/0020-merchant-money.md): the amount to collect taken
 * at booking and shown on every read, the driver held to it on delivery, and the delivery's rows
 * in the organization's ledger.
 */
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let db: TestApp['database']['db'];

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({ env: { SMS_URL: sms.url } });
  db = testApp.database.db;
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
  // 2 % of the goods' value, the office's COD fee.
  await db.execute(`update business_settings set cod_fee_percent = 2`);
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

const get = (url: string, token: string) => testApp.app.inject({ url, headers: bearer(token) });

const placeOrder = (who: LoggedIn, payload: object) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/dashboard/neworder',
    headers: bearer(who.token),
    payload,
  });

const countOrders = async () => (await db.select({ n: count() }).from(orders))[0]!.n;

describe('POST /api/dashboard/neworder with an amount to collect', () => {
  it('stores the goods’ value, who pays the fee and the declared value; every read answers them', async () => {
    const order = await createOrderAs(testApp, customer, {
      cod_amount: 350,
      fee_paid_by: 'receiver',
      declared_value: 420.5,
    });
    const toCollect = Math.round((350 + order.price) * 100) / 100;
    const money = {
      codAmount: 350,
      feePaidBy: 'receiver',
      declaredValue: 420.5,
      amountToCollect: toCollect,
    };
    expect(order).toMatchObject(money);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({
      codAmountCentimes: 35_000,
      feePaidBy: 'receiver',
      declaredValueCentimes: 42_050,
      amountToCollectCentimes: Math.round(toCollect * 100),
    });

    // The customer's list and dashboard, the back office's list and page.
    const list = await get('/api/dashboard/orders?page=1&pageSize=50', customer.token);
    const listed = (list.json().orders as CustomerOrder[]).find((o) => o.id === order.id);
    expect(listed).toMatchObject(money);
    const dashboard = await get('/api/dashboard', customer.token);
    expect(dashboard.json().lastOrders[0]).toMatchObject(money);
    const office = await get(`/api/admin/orders?q=${order.trackingNumber}`, admin.token);
    expect((office.json() as AdminOrder[])[0]).toMatchObject(money);
    const page = await get(`/api/admin/orders/${order.id}`, admin.token);
    expect((page.json() as { order: AdminOrderDetail }).order).toMatchObject(money);

    // Both spreadsheets carry the four columns.
    for (const [url, token] of [
      [`/api/dashboard/orders/export.csv?q=${order.trackingNumber}`, customer.token],
      [`/api/admin/orders/export.csv?q=${order.trackingNumber}`, admin.token],
    ] as const) {
      const csv = await get(url, token);
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, row] = csv.body.trim().split('\n');
      expect(header).toContain(
        'COD amount (MAD),Fee paid by,Declared value (MAD),To collect (MAD)',
      );
      expect(row).toContain(`350,receiver,420.5,${toCollect}`);
    }

    // Track Shipment tells the receiver what to have ready, and nothing else of money.
    const tracked = await testApp.app.inject({ url: `/api/track/${order.trackingNumber}` });
    expect(tracked.json()).toMatchObject({ amountToCollect: toCollect });
    expect(tracked.json()).not.toHaveProperty('price');
    expect(tracked.json()).not.toHaveProperty('codAmount');
  });

  it('defaults to nothing to collect, the sender paying the fee, no declared value', async () => {
    const order = await createOrderAs(testApp, customer);
    expect(order).toMatchObject({
      codAmount: 0,
      feePaidBy: 'sender',
      declaredValue: null,
      amountToCollect: 0,
    });
    // A form's empty fields mean "not given".
    const blank = await createOrderAs(testApp, customer, {
      cod_amount: '' as unknown as number,
      declared_value: null as unknown as number,
    });
    expect(blank).toMatchObject({ codAmount: 0, declaredValue: null, amountToCollect: 0 });
  });

  it.each<[string, Partial<CreateOrderInput>, string, string]>([
    ['a negative amount', { cod_amount: -1 }, 'cod_amount', 'order.cod_amount_invalid'],
    [
      'an amount above 100 000',
      { cod_amount: 100_000.01 },
      'cod_amount',
      'order.cod_amount_too_large',
    ],
    ['three decimals', { cod_amount: 10.005 }, 'cod_amount', 'order.amount_cents'],
    ['text', { cod_amount: 'lots' as unknown as number }, 'cod_amount', 'order.cod_amount_invalid'],
    [
      'an unknown payer',
      { fee_paid_by: 'nobody' as 'sender' },
      'fee_paid_by',
      'order.fee_paid_by_invalid',
    ],
    [
      'a receiver paying online',
      { fee_paid_by: 'receiver', payment_method: 'online' },
      'fee_paid_by',
      'order.receiver_pays_in_cash',
    ],
    [
      'a negative declared value',
      { declared_value: -5 },
      'declared_value',
      'order.declared_value_invalid',
    ],
    [
      'a declared value above 1 000 000',
      { declared_value: 1_000_000.5 },
      'declared_value',
      'order.declared_value_too_large',
    ],
    [
      'a declared value with 3 decimals',
      { declared_value: 1.234 },
      'declared_value',
      'order.amount_cents',
    ],
  ])('refuses %s with 400 on the field, and stores nothing', async (_, override, field, code) => {
    const before = await countOrders();
    const response = await placeOrder(customer, orderPayload(override));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errorCodes).toMatchObject({ [field]: code });
    expect(response.json().errors[field]).toEqual(expect.any(String));
    expect(await countOrders()).toBe(before);
  });

  it('answers the field message in the caller’s language', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/dashboard/neworder',
      headers: { ...bearer(customer.token), 'accept-language': 'fr' },
      payload: orderPayload({ fee_paid_by: 'receiver', payment_method: 'online' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fee_paid_by).toMatch(/^Le destinataire paie/);
  });
});

const ledgerOf = (orderId: string) =>
  db
    .select({
      type: merchantLedgerEntries.type,
      amountCentimes: merchantLedgerEntries.amountCentimes,
      balanceAfterCentimes: merchantLedgerEntries.balanceAfterCentimes,
    })
    .from(merchantLedgerEntries)
    .where(eq(merchantLedgerEntries.orderId, orderId))
    .orderBy(asc(merchantLedgerEntries.balanceAfterCentimes));

const balanceOf = async (merchant: LoggedIn) =>
  (
    await db
      .select()
      .from(organizationBalances)
      .where(eq(organizationBalances.organizationId, merchant.user.organization!.id))
  )[0];

const cents = (mad: number) => Math.round(mad * 100);

describe('delivering an order with an amount to collect', () => {
  it('needs the cash when there is something to collect, and writes cod, fee and COD-fee rows', async () => {
    const merchant = await loginAs(testApp, 'company');
    const driver = await newDriver();
    const order = await orderOnTheRoad(
      driver,
      { cod_amount: 350, fee_paid_by: 'sender', payment_method: 'cash_on_delivery' },
      merchant,
    );
    const price = cents(order.price);

    // The receiver's dispatch SMS states what they pay at the door.
    const dispatchSms = await waitUntil('the dispatch SMS queued', async () => {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(
          and(
            eq(outboxMessages.recipient, order.receiverPhone!),
            eq(outboxMessages.channel, 'sms'),
          ),
        );
      return rows[0];
    });
    expect(dispatchSms.params).toMatchObject({ amountToPay: '350' });

    // The driver's card says what to collect.
    const list = await get('/api/driver/orders', driver.token);
    expect((list.json() as DriverOrderList).onTheRoad[0]).toMatchObject({
      id: order.id,
      cashToCollect: 350,
      codAmount: 350,
      feePaidBy: 'sender',
      amountToCollect: 350,
    });

    const noCash = await postDriverStep(driver, order.id, 'deliver', { code: order.deliveryCode });
    expect(noCash.statusCode).toBe(400);
    expect(noCash.json().errorCodes).toEqual({ cashCollected: 'driver.cash_required' });
    expect(await ledgerOf(order.id)).toEqual([]);

    const delivered = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: 350,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const codFee = 700; // 2 % of 350 MAD
    expect(await ledgerOf(order.id)).toEqual(
      expect.arrayContaining([
        { type: 'cod_collected', amountCentimes: 35_000, balanceAfterCentimes: 35_000 },
        {
          type: 'delivery_fee',
          amountCentimes: -price,
          balanceAfterCentimes: 35_000 - price,
        },
        {
          type: 'cod_fee',
          amountCentimes: -codFee,
          balanceAfterCentimes: 35_000 - price - codFee,
        },
      ]),
    );
    expect(await ledgerOf(order.id)).toHaveLength(3);
    // Pending: the driver still holds the cash.
    expect(await balanceOf(merchant)).toMatchObject({
      balanceCentimes: 35_000 - price - codFee,
      pendingCentimes: 35_000 - price - codFee,
      payableCentimes: 0,
      collectedCentimes: 35_000,
      feesCentimes: -price - codFee,
      entryCount: 3,
    });
    // The fee is settled through the ledger: the payment is paid at the price.
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'paid', amountCentimes: price });
    // The office's cash view counts what the driver collected.
    const cash = await get(
      `/api/admin/cash?q=${encodeURIComponent(driver.truckNumber)}`,
      admin.token,
    );
    expect(cash.json()[0]).toMatchObject({ collected: 350, flaggedOrders: 0 });
  });

  it('an order paid online writes only the goods’ value and its COD fee', async () => {
    const merchant = await loginAs(testApp, 'company');
    const driver = await newDriver();
    const order = await orderOnTheRoad(
      driver,
      { cod_amount: 200, payment_method: 'online' },
      merchant,
    );
    const delivered = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: 200,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await ledgerOf(order.id)).toEqual([
      { type: 'cod_fee', amountCentimes: -400, balanceAfterCentimes: 19_600 },
      { type: 'cod_collected', amountCentimes: 20_000, balanceAfterCentimes: 20_000 },
    ]);
    expect(await balanceOf(merchant)).toMatchObject({ pendingCentimes: 19_600 });
  });

  it('a receiver who pays the fee: the driver collects both, no delivery_fee row, short flagged against both', async () => {
    const merchant = await loginAs(testApp, 'company');
    const driver = await newDriver();
    const order = await orderOnTheRoad(
      driver,
      { cod_amount: 100, fee_paid_by: 'receiver' },
      merchant,
    );
    const due = cents(100 + order.price);
    expect(cents(order.amountToCollect)).toBe(due);
    // 30 MAD short: the merchant's goods' value stands, the fee takes the gap.
    const collected = (due - 3_000) / 100;
    const delivered = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
      cashCollected: collected,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await ledgerOf(order.id)).map((row) => row.type).sort()).toEqual([
      'cod_collected',
      'cod_fee',
    ]);
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'paid', amountCentimes: cents(order.price) - 3_000 });
    const [event] = await db
      .select({ note: trackingEvents.note })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.orderId, order.id), eq(trackingEvents.kind, 'delivered')));
    expect(event!.note).toContain('(short 30.00 MAD)');
    const office = await get(`/api/admin/orders/${order.id}`, admin.token);
    expect(office.json().order).toMatchObject({ cashShortfall: 30, cashOverCollection: null });
    const flagged = await get(`/api/admin/cash/flagged?driverId=${driver.driverId}`, admin.token);
    expect(flagged.json()).toEqual([
      expect.objectContaining({
        orderId: order.id,
        amountToCollect: due / 100,
        collected,
        shortfall: 30,
      }),
    ]);
  });

  it('nothing to collect: no cash asked, and the sender’s fee is payable at once', async () => {
    const merchant = await loginAs(testApp, 'company');
    const driver = await newDriver();
    const order = await orderOnTheRoad(driver, { payment_method: 'cash_on_delivery' }, merchant);
    expect(order.amountToCollect).toBe(0);
    const delivered = await postDriverStep(driver, order.id, 'deliver', {
      code: order.deliveryCode,
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.cashCollectedCentimes).toBeNull();
    expect(await ledgerOf(order.id)).toEqual([
      {
        type: 'delivery_fee',
        amountCentimes: -cents(order.price),
        balanceAfterCentimes: -cents(order.price),
      },
    ]);
    expect(await balanceOf(merchant)).toMatchObject({
      pendingCentimes: 0,
      payableCentimes: -cents(order.price),
    });
  });

  it('the office delivering holds the driver to the amount to collect and writes the rows too', async () => {
    const merchant = await loginAs(testApp, 'company');
    const driver = await newDriver();
    const order = await orderOnTheRoad(
      driver,
      { cod_amount: 80, fee_paid_by: 'receiver' },
      merchant,
    );
    const response = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(response.statusCode, response.body).toBe(200);
    const [stored] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.cashCollectedCentimes).toBe(cents(order.amountToCollect));
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: 'paid', amountCentimes: cents(order.price) });
    expect((await ledgerOf(order.id)).map((row) => row.type).sort()).toEqual([
      'cod_collected',
      'cod_fee',
    ]);
  });
});
