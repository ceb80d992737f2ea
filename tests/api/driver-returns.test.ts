import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toBusinessDate } from '../../src/shared/business-calendar';
import { createDeliveryCodes, deriveDeliveryCodeKey } from '../../src/server/drivers/delivery-code';
import {
  deliveryAttempts,
  merchantLedgerEntries,
  orders,
  trackingEvents,
} from '../../src/server/db/schema';
import { CODE_MAX_ATTEMPTS, type DriverStepResult } from '../../src/shared/schemas/driver-schemas';
import type { FailedAttemptReason } from '../../src/shared/schemas/returns-schemas';
import type { CustomerOrderDetail } from '../../src/shared/schemas/order-schemas';
import {
  createDriverHelpers,
  startSmsCatcher,
  wrongCodeFor,
  type SignedInDriver,
  type SmsCatcher,
} from './driver-helpers';
import { bearer, loginAs, type LoggedIn } from './factories';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The driver's side of failed deliveries and returns
 * (docs/decisions/0023-failed-deliveries-and-returns.md): every reason of a failed attempt and the
 * day the receiver asked for, the order of the driver's list, and bringing a parcel back to its
 * sender with the return code.
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
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const {
  newDriver,
  orderOnTheRoad,
  postDriverStep,
  listDriverOrders,
  readOrderRow,
  readTruckStatus,
} = createDriverHelpers(() => ({ testApp, admin, customer, sms }));

const today = () => toBusinessDate(testApp.now());

/** The sender's return code, as the return mail and the customer's order page give it. */
const deliveryCodes = () => createDeliveryCodes(deriveDeliveryCodeKey(testApp.config.JWT_SECRET!));
async function returnCodeOf(orderId: string): Promise<string> {
  const code = deliveryCodes().currentCodeOf(await readOrderRow(orderId));
  expect(code).not.toBeNull();
  return code!;
}

/** A parcel on its way back: the receiver refused it at the door. */
async function returningOrder(driver: SignedInDriver): Promise<CustomerOrderDetail> {
  const order = await orderOnTheRoad(driver);
  const refused = await postDriverStep(driver, order.id, 'attempt-failed', { reason: 'refused' });
  expect(refused.statusCode, refused.body).toBe(200);
  expect((refused.json() as DriverStepResult).order.status).toBe('RETURNING');
  return order;
}

describe('failed attempts: the reasons and the day asked for', () => {
  it.each([
    ['receiver-absent', {}],
    ['wrong-address', {}],
    ['unreachable', { note: 'Phone off all morning' }],
    ['other', { note: 'Gate closed' }],
  ] as Array<[FailedAttemptReason, object]>)(
    'keeps the order on the road after "%s", waiting for the merchant',
    async (reason, extra) => {
      const driver = await newDriver();
      const order = await orderOnTheRoad(driver);
      const response = await postDriverStep(driver, order.id, 'attempt-failed', {
        reason,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      const answered = (response.json() as DriverStepResult).order;
      expect(answered).toMatchObject({
        status: 'IN_TRANSIT',
        failedAttempts: 1,
        nextAttemptOn: null,
      });
      expect(answered.awaitingDecisionSince).not.toBeNull();
      const attempts = await db
        .select()
        .from(deliveryAttempts)
        .where(eq(deliveryAttempts.orderId, order.id));
      expect(attempts).toMatchObject([{ attempt: 1, reason, driverId: driver.driverId }]);
    },
  );

  it('keeps the day of a postponed attempt, and needs it within the next 7 days', async () => {
    const driver = await newDriver();
    const order = await orderOnTheRoad(driver);
    for (const day of [today(), addDays(today(), 8), addDays(today(), -1)]) {
      const refused = await postDriverStep(driver, order.id, 'attempt-failed', {
        reason: 'postponed',
        nextAttemptOn: day,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ errors: { nextAttemptOn: expect.any(String) } });
    }
    const malformed = await postDriverStep(driver, order.id, 'attempt-failed', {
      reason: 'postponed',
      nextAttemptOn: 'tomorrow',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await readOrderRow(order.id)).failedAttempts).toBe(0);

    const tomorrow = addDays(today(), 1);
    const response = await postDriverStep(driver, order.id, 'attempt-failed', {
      reason: 'postponed',
      nextAttemptOn: tomorrow,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as DriverStepResult).order).toMatchObject({
      status: 'IN_TRANSIT',
      failedAttempts: 1,
      nextAttemptOn: tomorrow,
      // A day was chosen: nobody has to decide.
      awaitingDecisionSince: null,
    });
  });

  it('starts the return at once after a refusal, with nothing left to collect', async () => {
    const driver = await newDriver();
    const order = await returningOrder(driver);
    const [card] = (await listDriverOrders(driver)).onTheRoad;
    expect(card).toMatchObject({
      id: order.id,
      status: 'RETURNING',
      nextStep: 'return',
      cashToCollect: null,
      returnReason: 'Refused by the receiver',
      returnTo: { city: order.pickup_loc },
    });
    expect(card!.returnTo!.name).not.toBe('');
    const kinds = await db
      .select({ kind: trackingEvents.kind })
      .from(trackingEvents)
      .where(eq(trackingEvents.orderId, order.id))
      .orderBy(trackingEvents.seq);
    expect(kinds.map((row) => row.kind)).toEqual([
      'placed',
      'dispatched',
      'delivery-failed',
      'return-started',
    ]);
  });
});

describe("the driver's list", () => {
  it("puts today's stops first (a return among them), then the postponed ones by their day", async () => {
    const driver = await newDriver();
    const others = await Promise.all([newDriver(), newDriver(), newDriver()]);
    // A truck carries one parcel out for delivery at a time: the others are dispatched on trucks
    // of their own, then given to this driver, as a round that takes them all would be.
    const [inTwoDays, dueToday, tomorrow] = await Promise.all(
      others.map((other) => orderOnTheRoad(other)),
    );
    const returning = await returningOrder(driver);
    for (const [order, reason, day] of [
      [inTwoDays!, 'postponed', addDays(today(), 2)],
      [dueToday!, 'receiver-absent', undefined],
      [tomorrow!, 'postponed', addDays(today(), 1)],
    ] as const) {
      const owner = others[[inTwoDays, dueToday, tomorrow].indexOf(order)]!;
      const response = await postDriverStep(owner, order.id, 'attempt-failed', {
        reason,
        ...(day && { nextAttemptOn: day }),
      });
      expect(response.statusCode, response.body).toBe(200);
      await db.update(orders).set({ driverId: driver.driverId }).where(eq(orders.id, order.id));
    }

    const { onTheRoad } = await listDriverOrders(driver);
    const dueFirst = onTheRoad.slice(0, 2).map((o) => o.id);
    expect(dueFirst.sort()).toEqual([dueToday!.id, returning.id].sort());
    expect(onTheRoad.slice(2).map((o) => [o.id, o.nextAttemptOn])).toEqual([
      [tomorrow!.id, addDays(today(), 1)],
      [inTwoDays!.id, addDays(today(), 2)],
    ]);
  });
});

describe('return-delivered: the parcel is back with its sender', () => {
  it('takes the return code: RETURNED, the return fee in the ledger, the truck still free', async () => {
    const driver = await newDriver();
    const order = await returningOrder(driver);
    // The refusal was its run's last stop: the run ended and freed the truck; a return is brought
    // back off any run (docs/decisions/0024-runs-and-planning.md).
    expect(await readTruckStatus(driver.truckNumber)).toBe('AVAILABLE');
    const { priceCentimes, organizationId } = await readOrderRow(order.id);

    const invalid = await postDriverStep(driver, order.id, 'return-delivered', { code: '12ab' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: { code: expect.any(String) } });

    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/driver/orders/${order.id}/return-delivered`,
      headers: { ...bearer(driver.token), 'idempotency-key': `return-${order.id}` },
      payload: { code: await returnCodeOf(order.id) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as DriverStepResult;
    expect(result.message).toBe('Returned to the sender');
    expect(result.order).toMatchObject({ id: order.id, status: 'RETURNED', nextStep: null });
    // The same step again, with its key, changes nothing.
    const replay = await testApp.app.inject({
      method: 'POST',
      url: `/api/driver/orders/${order.id}/return-delivered`,
      headers: { ...bearer(driver.token), 'idempotency-key': `return-${order.id}` },
      payload: { code: '000000' },
    });
    expect(replay.statusCode).toBe(200);

    const row = await readOrderRow(order.id);
    expect(row.status).toBe('RETURNED');
    expect(row.returnedAt).not.toBeNull();
    expect(await readTruckStatus(driver.truckNumber)).toBe('AVAILABLE');
    const fees = await db
      .select()
      .from(merchantLedgerEntries)
      .where(
        and(
          eq(merchantLedgerEntries.orderId, order.id),
          eq(merchantLedgerEntries.type, 'return_fee'),
        ),
      );
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      organizationId,
      amountCentimes: -Math.round(priceCentimes / 2),
    });
    expect((await listDriverOrders(driver)).onTheRoad).toEqual([]);
  });

  it(`counts wrong codes and locks the driver out after ${CODE_MAX_ATTEMPTS} (423)`, async () => {
    const driver = await newDriver();
    const order = await returningOrder(driver);
    const code = await returnCodeOf(order.id);
    for (let n = 1; n <= CODE_MAX_ATTEMPTS; n += 1) {
      const wrong = await postDriverStep(driver, order.id, 'return-delivered', {
        code: wrongCodeFor(code),
      });
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'returns.return_code_wrong',
        errors: { code: expect.any(String) },
      });
      expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(n);
    }
    const locked = await postDriverStep(driver, order.id, 'return-delivered', { code });
    expect(locked.statusCode, locked.body).toBe(423);
    expect(locked.json()).toMatchObject({ code: 'returns.return_code_locked' });
    expect((await readOrderRow(order.id)).status).toBe('RETURNING');
    expect((await listDriverOrders(driver)).onTheRoad[0]).toMatchObject({
      deliveryCodeLocked: true,
    });
  });

  it("answers 404 for another driver's parcel, and 409 for one that is not coming back", async () => {
    const [driver, other] = await Promise.all([newDriver(), newDriver()]);
    const order = await returningOrder(driver);
    const code = await returnCodeOf(order.id);
    const foreign = await postDriverStep(other, order.id, 'return-delivered', { code });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'order.not_found' });
    expect((await readOrderRow(order.id)).deliveryCodeFailures).toBe(0);

    const onTheRoad = await orderOnTheRoad(other);
    const early = await postDriverStep(other, onTheRoad.id, 'return-delivered', { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'returns.not_returning' });
  });
});
