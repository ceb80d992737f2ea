import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import { rescheduleDays } from '../../src/shared/delivery-attempts';
import type { ReceiverParcel } from '../../src/shared/schemas/returns-schemas';
import type { CreateOrderInput, CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import type { WebhookEndpointCreated } from '../../src/shared/schemas/webhook-schemas';
import { queryRows } from '../resilience/table-fingerprints';
import {
  createDriverHelpers,
  startSmsCatcher,
  type SignedInDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, createTruckWithDriver, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { waitUntil } from './polling';

/*
 * The receiver's link (docs/decisions/0023-failed-deliveries-and-returns.md, "The receiver's
 * link"): the dispatch SMS carries PUBLIC_URL/r/<token>; the token opens the receiver's parcel and
 * nothing else, lets them pick another day, leave instructions or refuse it, each through the
 * lifecycle (its webhook written); wrong and finished links are 404, and the link is rate-limited
 * per address and per token.
 */
let sms: SmsCatcher;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let endpointId: string;

/** Small enough to reach in a test; each test calls from its own address (see `from`). */
const PER_TOKEN = 8;
const PER_IP = 12;

beforeAll(async () => {
  sms = await startSmsCatcher();
  testApp = await buildTestApp({
    env: {
      SMS_URL: sms.url,
      WEBHOOKS_ALLOW_HTTP: '1',
      RATE_LIMIT_RECEIVER_PER_TOKEN: String(PER_TOKEN),
      RATE_LIMIT_RECEIVER_PER_IP: String(PER_IP),
    },
  });
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
  // Nothing listens there: the rows written are what this file checks, not their delivery.
  const endpoint = await testApp.app.inject({
    method: 'POST',
    url: '/api/org/webhooks',
    headers: bearer(customer.token),
    payload: { url: 'http://127.0.0.1:9/hooks', events: ['*'] },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  endpointId = (endpoint.json() as WebhookEndpointCreated).endpoint.id;
});

afterAll(async () => {
  await testApp?.close();
  await sms?.stop();
});

/** The receivers' numbers start +2127, the drivers' +2126 (tests/support/accounts.ts): they never meet. */
const { newDriver, newReceiverPhone, orderOnTheRoad, failAttempt } = createDriverHelpers(
  () => ({ testApp, admin, customer, sms }),
  { receiverPrefix: '+2127', receiverPays: true },
);

/** Every test calls from an address of its own, so the per-address limit is its own too. */
let addressSeq = 0;
const newAddress = () => `10.0.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

const TOKEN_IN_LINK = /http:\/\/atlas\.test\/r\/([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/;

interface Dispatched {
  order: CustomerOrderDetail;
  receiverPhone: string;
  token: string;
  dispatchSms: string;
}

/**
 * A customer's order dispatched to a truck of its own (one order on the road per truck), or to
 * this driver's; its token read from the receiver's dispatch SMS.
 */
async function dispatchedOrder(
  overrides: Partial<CreateOrderInput> = {},
  driver?: SignedInDriver,
): Promise<Dispatched> {
  const truck = driver ?? (await createTruckWithDriver(testApp));
  const receiverPhone = newReceiverPhone();
  const order = await orderOnTheRoad(truck, { receiver_phone: receiverPhone, ...overrides });
  const caught = await sms.waitForSms(receiverPhone, TOKEN_IN_LINK);
  return {
    order,
    receiverPhone,
    token: TOKEN_IN_LINK.exec(caught.text)![1]!,
    dispatchSms: caught.text,
  };
}

function receiverCall(
  address: string,
  token: string,
  action?: 'reschedule' | 'instructions' | 'refuse',
  payload?: object,
  language = 'en',
) {
  return testApp.app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/receiver/${token}${action ? `/${action}` : ''}`,
    remoteAddress: address,
    headers: { 'accept-language': language },
    ...(action && { payload: payload ?? {} }),
  });
}

async function parcelOf(address: string, token: string): Promise<ReceiverParcel> {
  const response = await receiverCall(address, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReceiverParcel;
}

const today = () => toBusinessDate(new Date());

const webhookTemplatesOf = async (trackingNumber: string) =>
  (
    await queryRows<{ template: string }>(
      testApp.database.db,
      sql`select template from outbox_messages where channel = 'webhook'
        and recipient = ${endpointId} and params ->> 'trackingNumber' = ${trackingNumber}
        order by created_at, id`,
    )
  ).map((row) => row.template);

const RECEIVER_PARCEL_KEYS = [
  'allowOpen',
  'amountToPay',
  'canRefuse',
  'canReschedule',
  'deliveryCity',
  'failedAttempts',
  'hasDeliveryCode',
  'instructions',
  'nextAttemptOn',
  'rescheduleDays',
  'status',
  'trackingNumber',
];

describe('GET /api/receiver/:token', () => {
  it('opens the parcel of the dispatch SMS, and nothing else of the order', async () => {
    const from = newAddress();
    const { order, token, dispatchSms } = await dispatchedOrder({ cod_amount: 250 });
    expect(dispatchSms).toContain(order.trackingNumber);
    const response = await receiverCall(from, token);
    expect(response.statusCode, response.body).toBe(200);
    const parcel = response.json() as ReceiverParcel;
    expect(Object.keys(parcel).sort()).toEqual(RECEIVER_PARCEL_KEYS);
    expect(parcel).toEqual({
      trackingNumber: order.trackingNumber,
      status: 'IN_TRANSIT',
      deliveryCity: 'Rabat',
      amountToPay: (25_000 + Math.round(order.price * 100)) / 100,
      hasDeliveryCode: true,
      allowOpen: false,
      failedAttempts: 0,
      nextAttemptOn: null,
      instructions: null,
      rescheduleDays: rescheduleDays(today()),
      canReschedule: true,
      canRefuse: true,
    });
    // Neither the sender's nor the receiver's details, nor the delivery code.
    for (const secret of [
      order.deliveryCode!,
      order.receiverName!,
      order.receiverPhone!,
      customer.email,
      order.id,
    ]) {
      expect(response.body).not.toContain(secret);
    }

    // A parcel the receiver may open before paying says so.
    await testApp.database.db
      .update(orders)
      .set({ allowOpen: true })
      .where(eq(orders.id, order.id));
    expect((await parcelOf(from, token)).allowOpen).toBe(true);
  });

  it('answers one same 404 to a malformed, an unknown and a finished link', async () => {
    const from = newAddress();
    const driver = await newDriver();
    const delivered = await dispatchedOrder(
      { payment_method: 'online', fee_paid_by: 'sender' },
      driver,
    );
    const deliver = await testApp.app.inject({
      method: 'POST',
      url: `/api/driver/orders/${delivered.order.id}/deliver`,
      headers: bearer(driver.token),
      payload: { code: delivered.order.deliveryCode },
    });
    expect(deliver.statusCode, deliver.body).toBe(200);

    for (const token of [
      'short',
      'x'.repeat(23),
      'not/a*token_at-all__22',
      'A'.repeat(22),
      delivered.token,
    ]) {
      const response = await receiverCall(from, encodeURIComponent(token));
      expect(response.statusCode, `${token}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({
        code: 'returns.receiver_link_not_found',
        message: 'This link is no longer valid',
      });
    }
    const french = await receiverCall(from, 'A'.repeat(22), undefined, undefined, 'fr');
    expect(french.json()).toEqual({
      code: 'returns.receiver_link_not_found',
      message: 'Ce lien n’est plus valide',
    });
  });

  it("shows order A's link only order A", async () => {
    const from = newAddress();
    const [a, b] = [await dispatchedOrder(), await dispatchedOrder()];
    expect(a.token).not.toBe(b.token);
    const seenByA = await receiverCall(from, a.token);
    expect((seenByA.json() as ReceiverParcel).trackingNumber).toBe(a.order.trackingNumber);
    expect(seenByA.body).not.toContain(b.order.trackingNumber);
    // A's link changes only A.
    const changed = await receiverCall(from, a.token, 'instructions', { note: 'Blue door' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await parcelOf(from, b.token)).instructions).toBeNull();
  });
});

describe('the receiver acts through their link', () => {
  it('picks another day within the next 7, with an optional note', async () => {
    const from = newAddress();
    const { order, token } = await dispatchedOrder();
    for (const on of [today(), addDays(today(), 8), '2026-13-01', 'tomorrow']) {
      const refused = await receiverCall(from, token, 'reschedule', { on });
      expect(refused.statusCode, `${on}: ${refused.body}`).toBe(400);
      expect(Object.keys((refused.json() as { errors: object }).errors)).toEqual(['on']);
    }
    const tomorrow = addDays(today(), 1);
    const response = await receiverCall(from, token, 'reschedule', {
      on: tomorrow,
      note: 'After 5 pm',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'IN_TRANSIT',
      nextAttemptOn: tomorrow,
      instructions: 'After 5 pm',
      canReschedule: true,
    });
    await waitUntil('the rescheduled webhook', async () =>
      (await webhookTemplatesOf(order.trackingNumber)).includes('parcel.rescheduled')
        ? true
        : undefined,
    );
  });

  it('leaves instructions: a note is needed, another phone is kept in E.164', async () => {
    const from = newAddress();
    const { order, token } = await dispatchedOrder();
    const noNote = await receiverCall(from, token, 'instructions', { note: '  ' });
    expect(noNote.statusCode, noNote.body).toBe(400);
    expect((noNote.json() as { errors: object }).errors).toHaveProperty('note');
    const badPhone = await receiverCall(from, token, 'instructions', { note: 'x', phone: '12' });
    expect(badPhone.statusCode, badPhone.body).toBe(400);
    expect((badPhone.json() as { errors: object }).errors).toHaveProperty('phone');

    const response = await receiverCall(from, token, 'instructions', {
      note: 'Third floor, next to the pharmacy',
      phone: '0661 23 45 67',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ReceiverParcel).instructions).toBe(
      'Third floor, next to the pharmacy',
    );
    const [row] = await testApp.database.db
      .select({ other: orders.receiverOtherPhone })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.other).toBe('+212661234567');
    await waitUntil('the instructions webhook', async () =>
      (await webhookTemplatesOf(order.trackingNumber)).includes('parcel.instructions_added')
        ? true
        : undefined,
    );
  });

  it('refuses the parcel: it goes back to its sender, and the link can change nothing more', async () => {
    const from = newAddress();
    const { order, token } = await dispatchedOrder();
    const refused = await receiverCall(from, token, 'refuse', { reason: 'Ordered by mistake' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'RETURNING',
      amountToPay: 0,
      hasDeliveryCode: false,
      rescheduleDays: [],
      canReschedule: false,
      canRefuse: false,
    });
    const [row] = await testApp.database.db
      .select({ status: orders.status, reason: orders.returnReason })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({
      status: 'RETURNING',
      reason: 'Refused by the receiver: Ordered by mistake',
    });

    const late = await receiverCall(from, token, 'reschedule', { on: addDays(today(), 1) });
    expect(late.statusCode, late.body).toBe(409);
    expect((late.json() as { code: string }).code).toBe('returns.receiver_too_late');
    expect((await receiverCall(from, token, 'refuse')).statusCode).toBe(409);
    expect((await parcelOf(from, token)).status).toBe('RETURNING');
    await waitUntil('the return webhook', async () =>
      (await webhookTemplatesOf(order.trackingNumber)).includes('parcel.return_started')
        ? true
        : undefined,
    );
  });
});

describe('the SMS that carry the link', () => {
  it('a failed attempt that leaves the parcel on the road texts the link again', async () => {
    const from = newAddress();
    const driver = await newDriver();
    const { order, token, receiverPhone } = await dispatchedOrder({}, driver);
    const before = sms.messages.length;
    await failAttempt(driver, order.id, 'receiver-absent');
    const failedSms = await waitUntil('the failed-attempt SMS', () =>
      sms.messages
        .slice(before)
        .find((message) => message.to === receiverPhone && TOKEN_IN_LINK.test(message.text)),
    );
    expect(failedSms.text).toContain(order.trackingNumber);
    expect(TOKEN_IN_LINK.exec(failedSms.text)![1]).toBe(token);
    expect(await parcelOf(from, token)).toMatchObject({ status: 'IN_TRANSIT', failedAttempts: 1 });
  });
});

describe('rate limits', () => {
  it('counts per token, whatever the address, and per address, whatever the token', async () => {
    const { token } = await dispatchedOrder();
    for (let call = 0; call < PER_TOKEN; call += 1) {
      expect((await receiverCall(newAddress(), token)).statusCode).toBe(200);
    }
    const limited = await receiverCall(newAddress(), token);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: expect.stringMatching(/^rate_limit\./) });
    expect(typeof (limited.json() as { message: string }).message).toBe('string');

    const guesser = newAddress();
    for (let call = 0; call < PER_IP; call += 1) {
      const guess = `${String(call).padStart(2, '0')}${'G'.repeat(20)}`;
      expect((await receiverCall(guesser, guess)).statusCode).toBe(404);
    }
    const fresh = await dispatchedOrder();
    expect((await receiverCall(guesser, fresh.token)).statusCode).toBe(429);
    expect((await receiverCall(newAddress(), fresh.token)).statusCode).toBe(200);
  });
});
