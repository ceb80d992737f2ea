import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_WAIT_HOURS } from '../../src/shared/delivery-attempts';
import { auditLog, merchantLedgerEntries, orders } from '../../src/server/db/schema';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminReturnRow,
  UpdateOrderStatusResult,
} from '../../src/shared/schemas/admin-schemas';
import type { ReturnsView } from '../../src/shared/schemas/returns-schemas';
import { createDriverHelpers, startSmsCatcher, type SmsCatcher } from './driver-helpers';
import { bearer, createOrderAs, loginAs, type LoggedIn } from './factories';
import { buildTestApp, createTestClock, type TestApp, type TestClock } from './helpers';

/*
 * The office's side of returns (docs/decisions/0023-failed-deliveries-and-returns.md): starting
 * a return and recording one whose code is lost, both audited, and the four views of the returns
 * screen, the 48-hour rule on a test clock.
 */
let sms: SmsCatcher;
let clock: TestClock;
let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;
let db: TestApp['database']['db'];

beforeAll(async () => {
  sms = await startSmsCatcher();
  // Midday in Morocco: a few hours later is still the same day.
  clock = createTestClock(new Date('2026-11-26T11:00:00Z'));
  testApp = await buildTestApp({ env: { SMS_URL: sms.url }, clock });
  db = testApp.database.db;
  [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);
});
afterAll(async () => {
  await testApp.close();
  await sms.stop();
});

const { newDriver, newReceiverPhone, orderOnTheRoad, failAttempt } = createDriverHelpers(() => ({
  testApp,
  admin,
  customer,
  sms,
}));

const officeAction = (
  orderId: string,
  action: 'return' | 'return-delivered',
  payload: object,
  token = admin.token,
) =>
  testApp.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/${action}`,
    headers: bearer(token),
    payload,
  });

async function returnsView(view: ReturnsView, query = '') {
  const response = await testApp.app.inject({
    url: `/api/admin/returns?view=${view}${query}`,
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    rows: response.json() as AdminReturnRow[],
    total: Number(response.headers['x-total-count']),
  };
}
const idsOf = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

const auditRowsOf = (orderId: string) =>
  db
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'order'), eq(auditLog.recordId, orderId)))
    .orderBy(auditLog.at);

describe('the office starts a return and records one', () => {
  it('sends a parcel back with a reason, then records its return: both audited, the fee written', async () => {
    const driver = await newDriver();
    const order = await orderOnTheRoad(driver);

    const started = await officeAction(order.id, 'return', { reason: 'Merchant asked by phone' });
    expect(started.statusCode, started.body).toBe(200);
    const startedBody = started.json() as UpdateOrderStatusResult;
    expect(startedBody.message).toBe('Return to sender started');
    expect(startedBody.order).toMatchObject({ id: order.id, status: 'RETURNING' });

    const again = await officeAction(order.id, 'return', { reason: 'Twice' });
    expect(again.statusCode).toBe(409);

    const recorded = await officeAction(order.id, 'return-delivered', {
      reason: 'Sender lost the mail with the code',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      message: 'Return recorded',
      order: { id: order.id, status: 'RETURNED' },
    });
    const twice = await officeAction(order.id, 'return-delivered', { reason: 'Twice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'returns.not_returning' });

    const audit = await auditRowsOf(order.id);
    expect(audit.slice(-2)).toEqual([
      {
        action: 'order.return',
        before: { status: 'IN_TRANSIT' },
        after: { status: 'RETURNING', reason: 'Merchant asked by phone' },
      },
      {
        action: 'order.return_delivered',
        before: { status: 'RETURNING' },
        after: { status: 'RETURNED', reason: 'Sender lost the mail with the code' },
      },
    ]);
    const fees = await db
      .select({ amount: merchantLedgerEntries.amountCentimes })
      .from(merchantLedgerEntries)
      .where(
        and(
          eq(merchantLedgerEntries.orderId, order.id),
          eq(merchantLedgerEntries.type, 'return_fee'),
        ),
      );
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(fees).toEqual([{ amount: -Math.round(row!.priceCentimes / 2) }]);

    const detail = await testApp.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: bearer(admin.token),
    });
    const shown = (detail.json() as { order: AdminOrderDetail }).order;
    expect(shown).toMatchObject({
      status: 'RETURNED',
      returnReason: 'Merchant asked by phone',
      failedAttempts: 0,
      attempts: [],
    });
    expect(shown.returnStartedAt).not.toBeNull();
    expect(shown.returnedAt).not.toBeNull();
  });

  it('refuses bad input (400), unknown orders (404), pending ones (409) and customers (403)', async () => {
    const driver = await newDriver();
    const order = await orderOnTheRoad(driver);
    for (const action of ['return', 'return-delivered'] as const) {
      for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        const response = await officeAction(order.id, action, payload);
        expect(response.statusCode, `${action} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json()).toMatchObject({ errors: { reason: expect.any(String) } });
      }
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect((await officeAction(id, action, { reason: 'Lost' })).statusCode).toBe(404);
      }
      const forbidden = await officeAction(order.id, action, { reason: 'Mine' }, customer.token);
      expect(forbidden.statusCode).toBe(403);
    }
    const pending = await createOrderAs(testApp, customer, { receiver_phone: newReceiverPhone() });
    const early = await officeAction(pending.id, 'return', { reason: 'Too early' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'returns.return_not_on_road' });
    expect((await auditRowsOf(order.id)).map((row) => row.action)).toEqual(['order.dispatch']);

    for (const query of ['', '?view=everything', '?view=returned&pageSize=101']) {
      const response = await testApp.app.inject({
        url: `/api/admin/returns${query}`,
        headers: bearer(admin.token),
      });
      expect(response.statusCode, query).toBe(400);
    }
    const asCustomer = await testApp.app.inject({
      url: '/api/admin/returns?view=returning',
      headers: bearer(customer.token),
    });
    expect(asCustomer.statusCode).toBe(403);
  });
});

describe('the returns screen', () => {
  it("lists today's failures, decisions waiting over 48 hours, returning parcels by driver and returned ones", async () => {
    const [waiting, decided, coming, back] = await Promise.all([
      newDriver(),
      newDriver(),
      newDriver(),
      newDriver(),
    ]);
    const waitingOrder = await orderOnTheRoad(waiting);
    const decidedOrder = await orderOnTheRoad(decided);
    const comingOrder = await orderOnTheRoad(coming);
    const backOrder = await orderOnTheRoad(back);
    // A minute apart, so that newest first has one answer.
    await failAttempt(waiting, waitingOrder.id);
    clock.advance(60_000);
    await failAttempt(decided, decidedOrder.id, 'unreachable');
    clock.advance(60_000);
    await failAttempt(coming, comingOrder.id, 'refused');
    expect((await officeAction(backOrder.id, 'return', { reason: 'Shop closed' })).statusCode).toBe(
      200,
    );
    expect(
      (await officeAction(backOrder.id, 'return-delivered', { reason: 'Code lost' })).statusCode,
    ).toBe(200);

    const failedToday = await returnsView('failed-today');
    expect(failedToday.total).toBeGreaterThanOrEqual(3);
    const todays = failedToday.rows.filter((row) =>
      [waitingOrder.id, decidedOrder.id, comingOrder.id].includes(row.id),
    );
    // Newest first, each with the attempt that failed.
    expect(todays.map((row) => [row.id, row.attempt?.reason, row.attempt?.attempt])).toEqual([
      [comingOrder.id, 'refused', 1],
      [decidedOrder.id, 'unreachable', 1],
      [waitingOrder.id, 'receiver-absent', 1],
    ]);
    // Nobody has waited 48 hours yet.
    expect(idsOf((await returnsView('awaiting-decision')).rows)).not.toContain(waitingOrder.id);

    const returning = await returnsView('returning');
    const comingRow = returning.rows.find((row) => row.id === comingOrder.id);
    expect(comingRow).toMatchObject({
      status: 'RETURNING',
      truckNumber: coming.truckNumber,
      driver: { id: coming.driverId },
      returnReason: 'Refused by the receiver',
      attempt: null,
    });
    // Grouped by driver: the names come in order.
    const names = returning.rows.map((row) => row.driver?.name ?? '');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const returned = await returnsView('returned');
    expect(returned.rows[0]).toMatchObject({ id: backOrder.id, status: 'RETURNED' });
    expect(idsOf(returned.rows)).not.toContain(comingOrder.id);

    // The merchant of one parcel decides (a day); the other's decision waits past 48 hours.
    await db
      .update(orders)
      .set({ awaitingDecisionSince: null, nextAttemptOn: '2026-11-28' })
      .where(eq(orders.id, decidedOrder.id));
    clock.advance((DECISION_WAIT_HOURS + 1) * 60 * 60 * 1000);
    [admin, customer] = await Promise.all([loginAs(testApp, 'admin'), loginAs(testApp, 'company')]);

    const awaiting = await returnsView('awaiting-decision');
    expect(idsOf(awaiting.rows)).toContain(waitingOrder.id);
    expect(idsOf(awaiting.rows)).not.toContain(decidedOrder.id);
    expect(idsOf(awaiting.rows)).not.toContain(comingOrder.id);
    expect(idsOf((await returnsView('failed-today')).rows)).not.toContain(waitingOrder.id);

    // Paginated: one row a page, the total says how many.
    const firstPage = await returnsView('awaiting-decision', '&page=1&pageSize=1');
    expect(firstPage.rows).toHaveLength(1);
    expect(firstPage.total).toBe(awaiting.total);

    // The office starts the return of the parcel waiting too long.
    const started = await officeAction(waitingOrder.id, 'return', { reason: 'No answer in 48 h' });
    expect(started.statusCode, started.body).toBe(200);
    expect(idsOf((await returnsView('awaiting-decision')).rows)).not.toContain(waitingOrder.id);
    expect(idsOf((await returnsView('returning')).rows)).toContain(waitingOrder.id);

    const detail = await testApp.app.inject({
      url: `/api/admin/orders/${waitingOrder.id}`,
      headers: bearer(admin.token),
    });
    expect((detail.json() as { order: AdminOrderDetail }).order).toMatchObject({
      failedAttempts: 1,
      awaitingDecisionSince: null,
      attempts: [{ attempt: 1, reason: 'receiver-absent', note: null, nextAttemptOn: null }],
    });
  });

  it('shows returning parcels in the Tracking list beside those on the road', async () => {
    const [one, two] = await Promise.all([newDriver(), newDriver()]);
    const outForDelivery = await orderOnTheRoad(one);
    const comingBack = await orderOnTheRoad(two);
    await failAttempt(two, comingBack.id, 'refused');
    const response = await testApp.app.inject({
      url: '/api/admin/in-transit?pageSize=100',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as AdminOrder[];
    expect(rows.find((row) => row.id === comingBack.id)?.status).toBe('RETURNING');
    expect(rows.find((row) => row.id === outForDelivery.id)?.status).toBe('IN_TRANSIT');
    const onlyReturning = await testApp.app.inject({
      url: '/api/admin/in-transit?status=RETURNING&pageSize=100',
      headers: bearer(admin.token),
    });
    const returningIds = idsOf(onlyReturning.json() as AdminOrder[]);
    expect(returningIds).toContain(comingBack.id);
    expect(returningIds).not.toContain(outForDelivery.id);
  });
});
