import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orders,
  payments,
  runStops,
  runs,
  trackingEvents,
  trucks,
} from '../../src/server/db/schema';
import { addMonths } from '../../src/shared/business-calendar';
import { canChangeStatus } from '../../src/shared/order-lifecycle';
import { ORDER_STATUSES, type OrderStatus } from '../../src/shared/order-status';
import type { UpdateOrderStatusInput } from '../../src/shared/schemas/admin-schemas';
import {
  bearer,
  createOrderAs,
  createTruckWithDriver,
  dateFromToday,
  dispatchOrder,
  loginAs,
  updateOrderStatus,
  type LoggedIn,
  type TruckWithDriver,
} from './factories';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

let testApp: TestApp;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await loginAs(testApp, 'admin');
  customer = await loginAs(testApp, 'company');
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;

async function readOrder(orderId: string) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return order!;
}
async function readTruck(truckId: string) {
  const [truck] = await db().select().from(trucks).where(eq(trucks.id, truckId));
  return truck!;
}
async function readPayment(orderId: string) {
  const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
  return payment!;
}
async function readEvents(orderId: string) {
  return db()
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderId, orderId))
    .orderBy(trackingEvents.createdAt);
}
async function readStops(runId: string) {
  return db()
    .select({ orderId: runStops.orderId, kind: runStops.kind })
    .from(runStops)
    .where(eq(runStops.runId, runId))
    .orderBy(asc(runStops.position));
}
async function countInTransitOn(truckId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.truckId, truckId), eq(orders.status, 'IN_TRANSIT')));
  return row!.n;
}

const confirmOnto = (truck: TruckWithDriver): UpdateOrderStatusInput => ({
  status: 'IN_TRANSIT',
  truckNumber: truck.truckNumber,
  driverId: truck.driverId,
});

/** An order brought to `status` through the admin's own transitions. */
async function orderIn(status: OrderStatus): Promise<string> {
  const order = await createOrderAs(testApp, customer);
  if (status === 'PENDING') return order.id;
  if (status === 'CONFIRMED') {
    // No transition leads here (ORDER_TRANSITIONS): older data may still hold it.
    await db().update(orders).set({ status: 'CONFIRMED' }).where(eq(orders.id, order.id));
    return order.id;
  }
  if (status === 'CANCELLED') {
    const response = await updateOrderStatus(testApp, admin, order.id, {
      status: 'CANCELLED',
      reason: 'Customer changed plans',
    });
    expect(response.statusCode, response.body).toBe(200);
    return order.id;
  }
  await dispatchOrder(testApp, admin, order.id, await createTruckWithDriver(testApp));
  if (status === 'DELIVERED') {
    const response = await updateOrderStatus(testApp, admin, order.id, { status: 'DELIVERED' });
    expect(response.statusCode, response.body).toBe(200);
  }
  // On its way back, then back with its sender: the office's own return routes
  // (docs/decisions/0023-failed-deliveries-and-returns.md).
  const returnSteps = { RETURNING: ['return'], RETURNED: ['return', 'return-delivered'] };
  for (const step of status === 'RETURNING' || status === 'RETURNED' ? returnSteps[status] : []) {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/${step}`,
      headers: bearer(admin.token),
      payload: { reason: 'Testing the rules' },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return order.id;
}

describe('confirming a pending order (PENDING → IN_TRANSIT)', () => {
  it('puts it on the road with the truck and its driver, and records who did it', async () => {
    const order = await createOrderAs(testApp, customer);
    const truck = await createTruckWithDriver(testApp, { fullName: 'Omar Haddad' });
    const before = Date.now();
    const response = await updateOrderStatus(testApp, admin, order.id, confirmOnto(truck));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Order confirmed and assigned successfully');
    expect(body.order).toMatchObject({
      id: order.id,
      orderId: order.id,
      status: 'IN_TRANSIT',
      tracking: { status: 'IN_TRANSIT', currentLocation: 'Casablanca' },
      truckNumber: truck.truckNumber,
      truck: { id: truck.truckId, truckNumber: truck.truckNumber, fullName: 'Omar Haddad' },
      driver: { id: truck.driverId, name: 'Omar Haddad' },
      user: { company: 'Souss Logistique SARL', name: 'Souss Logistique SARL' },
      customer: { email: customer.email },
      payment: { status: 'unpaid', method: 'cash_on_delivery', paidAt: null },
      delivery_date: null,
    });
    const exit = new Date(body.order.exitDate).getTime();
    expect(exit).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(body.order.estimatedDelivery).getTime()).toBe(
      exit + order.durationMinutes * 60_000,
    );

    expect((await readTruck(truck.truckId)).status).toBe('ON_DELIVERY');
    expect(await readOrder(order.id)).toMatchObject({
      status: 'IN_TRANSIT',
      truckId: truck.truckId,
      driverId: truck.driverId,
    });
    const events = await readEvents(order.id);
    expect(events.map((e) => e.status)).toEqual(['PENDING', 'IN_TRANSIT']);
    expect(events[1]).toMatchObject({
      actorUserId: admin.user.id,
      location: 'Casablanca',
      note: expect.stringContaining(truck.truckNumber),
    });

    // The customer's own timeline shows the same step.
    const mine = await testApp.app.inject({
      method: 'GET',
      url: `/api/dashboard/orders/${order.id}`,
      headers: bearer(customer.token),
    });
    expect(mine.json().order.timeline.map((e: { status: string }) => e.status)).toEqual([
      'PENDING',
      'IN_TRANSIT',
    ]);
  });

  it('reads the plate whatever its case and spacing', async () => {
    const orderId = await orderIn('PENDING');
    const truck = await createTruckWithDriver(testApp);
    const response = await updateOrderStatus(testApp, admin, orderId, {
      status: 'in_transit',
      truckNumber: `  ${truck.truckNumber.toLowerCase()} `,
      driverId: truck.driverId.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a driver who is not the driver of this truck (400), and changes nothing', async () => {
    const orderId = await orderIn('PENDING');
    const truck = await createTruckWithDriver(testApp);
    const other = await createTruckWithDriver(testApp);
    for (const driverId of [other.driverId, 'not-a-uuid']) {
      const response = await updateOrderStatus(testApp, admin, orderId, {
        ...confirmOnto(truck),
        driverId,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'dispatch.driver_not_of_truck',
        message: 'The driver is not the driver of this truck',
        errors: { driverId: 'The driver is not the driver of this truck' },
        errorCodes: { driverId: 'dispatch.driver_not_of_truck' },
      });
    }
    expect((await readOrder(orderId)).status).toBe('PENDING');
    expect((await readTruck(truck.truckId)).status).toBe('AVAILABLE');
    expect(await readEvents(orderId)).toHaveLength(1);
  });

  it('refuses an unknown plate (400) and a missing truck or driver (400)', async () => {
    const orderId = await orderIn('PENDING');
    const unknown = await updateOrderStatus(testApp, admin, orderId, {
      status: 'IN_TRANSIT',
      truckNumber: 'NOPE-1',
      driverId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ truckNumber: 'Unknown truck' });
    const missing = await updateOrderStatus(testApp, admin, orderId, { status: 'IN_TRANSIT' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      truckNumber: 'Please select a truck-driver combination',
      driverId: 'Please select a truck-driver combination',
    });
    expect((await readOrder(orderId)).status).toBe('PENDING');
  });

  it('a truck whose run has not started takes the order on that run; once started it is busy (409)', async () => {
    const truck = await createTruckWithDriver(testApp);
    const first = await orderIn('PENDING');
    await dispatchOrder(testApp, admin, first, truck);
    const second = await orderIn('PENDING');
    const joined = await updateOrderStatus(testApp, admin, second, confirmOnto(truck));
    expect(joined.statusCode, joined.body).toBe(200);
    const run = (await readOrder(first)).runId;
    expect(run).not.toBeNull();
    expect((await readOrder(second)).runId).toBe(run);
    expect(await countInTransitOn(truck.truckId)).toBe(2);
    // The solver places the new order among the run's stops, each pickup before its delivery.
    const stops = await readStops(run!);
    expect(stops).toHaveLength(4);
    for (const orderId of [first, second]) {
      const at = (kind: string) =>
        stops.findIndex((stop) => stop.orderId === orderId && stop.kind === kind);
      expect(at('pickup')).toBeGreaterThanOrEqual(0);
      expect(at('pickup')).toBeLessThan(at('delivery'));
    }

    // The driver's first stop starts the run: the truck takes nothing more until it ends.
    await db().update(runs).set({ status: 'started' }).where(eq(runs.id, run!));
    const third = await orderIn('PENDING');
    const response = await updateOrderStatus(testApp, admin, third, confirmOnto(truck));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Truck ${truck.truckNumber} is already on a delivery`);
    expect((await readOrder(third)).status).toBe('PENDING');
    expect(await countInTransitOn(truck.truckId)).toBe(2);
  });

  describe('dispatch safeguards (409, nothing changes)', () => {
    it.each([
      [
        'a truck too small for the load',
        { capacityKg: 1_000 },
        { weight: 1_200 },
        /carries up to 1,000 kg, below the order weight of 1,200 kg/,
      ],
      [
        "a driver's expired licence",
        { licenseExpire: dateFromToday(-1) },
        {},
        new RegExp(`licence expired on ${dateFromToday(-1)}`),
      ],
      [
        'a technical inspection more than 12 months old',
        { technicalDate: addMonths(dateFromToday(-1), -12) },
        {},
        /technical inspection .* is more than 12 months old/,
      ],
    ])('refuses %s', async (_case, truckOverrides, orderOverrides, message) => {
      const truck = await createTruckWithDriver(testApp, truckOverrides);
      const order = await createOrderAs(testApp, customer, orderOverrides);
      const response = await updateOrderStatus(testApp, admin, order.id, confirmOnto(truck));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(message);
      expect((await readOrder(order.id)).status).toBe('PENDING');
      expect((await readTruck(truck.truckId)).status).toBe('AVAILABLE');
      expect(await readEvents(order.id)).toHaveLength(1);
    });

    it('accepts the limits themselves: full capacity, a licence ending today, an inspection exactly 12 months old', async () => {
      const truck = await createTruckWithDriver(testApp, {
        capacityKg: 1_200,
        licenseExpire: dateFromToday(0),
        technicalDate: addMonths(dateFromToday(0), -12),
      });
      const order = await createOrderAs(testApp, customer, { weight: 1_200 });
      const response = await updateOrderStatus(testApp, admin, order.id, confirmOnto(truck));
      expect(response.statusCode, response.body).toBe(200);
    });
  });

  it('the run, not the truck status, decides: a started run keeps its truck busy even when its status lies (409)', async () => {
    const truck = await createTruckWithDriver(testApp);
    const first = await orderIn('PENDING');
    await dispatchOrder(testApp, admin, first, truck);
    const run = (await readOrder(first)).runId!;
    await db().update(runs).set({ status: 'started' }).where(eq(runs.id, run));
    // A truck marked free by hand while its run is still on the road.
    await db().update(trucks).set({ status: 'AVAILABLE' }).where(eq(trucks.id, truck.truckId));
    const second = await orderIn('PENDING');
    const response = await updateOrderStatus(testApp, admin, second, confirmOnto(truck));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Truck ${truck.truckNumber} is already on a delivery`);
    expect((await readOrder(second)).status).toBe('PENDING');
    // And the database itself holds one run not ended per truck.
    await expect(
      db()
        .insert(runs)
        .values({ truckId: truck.truckId, driverId: truck.driverId, runDate: dateFromToday(0) }),
    ).rejects.toThrow();
  });

  it('two confirmations racing for one truck: both join its one run', async () => {
    // On PostgreSQL two API instances run the requests on separate connections at once;
    // PGlite serialises them, which still proves the outcome.
    const second = usesPostgres() ? await buildTestApp({ sameDatabaseAs: testApp }) : testApp;
    try {
      for (let round = 0; round < 5; round += 1) {
        const truck = await createTruckWithDriver(testApp);
        const [a, b] = [await orderIn('PENDING'), await orderIn('PENDING')];
        const responses = await Promise.all([
          updateOrderStatus(testApp, admin, a, confirmOnto(truck)),
          updateOrderStatus(second, admin, b, confirmOnto(truck)),
        ]);
        expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
        expect((await readTruck(truck.truckId)).status).toBe('ON_DELIVERY');
        expect(await countInTransitOn(truck.truckId)).toBe(2);
        const truckRuns = await db().select().from(runs).where(eq(runs.truckId, truck.truckId));
        expect(truckRuns).toHaveLength(1);
        expect([(await readOrder(a)).runId, (await readOrder(b)).runId]).toEqual([
          truckRuns[0]!.id,
          truckRuns[0]!.id,
        ]);
        expect(await readStops(truckRuns[0]!.id)).toHaveLength(4);
      }
    } finally {
      if (second !== testApp) await second.close();
    }
  });
});

describe('cancelling', () => {
  it('a pending order needs a reason (400, nothing written)', async () => {
    const orderId = await orderIn('PENDING');
    for (const body of [
      { status: 'CANCELLED' },
      { status: 'CANCELLED', reason: '   ' },
      { status: 'CANCELLED', reason: null },
    ] as UpdateOrderStatusInput[]) {
      const response = await updateOrderStatus(testApp, admin, orderId, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'order.cancellation_reason_required',
        message: 'Please provide a cancellation reason',
        errors: { reason: 'Please provide a cancellation reason' },
        errorCodes: { reason: 'order.cancellation_reason_required' },
      });
    }
    expect((await readOrder(orderId)).status).toBe('PENDING');
    expect(await readEvents(orderId)).toHaveLength(1);
  });

  it('a pending order with a reason: CANCELLED, reason kept and shown, payment untouched', async () => {
    const orderId = await orderIn('PENDING');
    const response = await updateOrderStatus(testApp, admin, orderId, {
      status: 'CANCELLED',
      reason: '  Address could not be reached  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Order cancelled successfully',
      order: {
        status: 'CANCELLED',
        cancellationReason: 'Address could not be reached',
        payment: { status: 'unpaid' },
        truck: null,
        driver: null,
      },
    });
    const events = await readEvents(orderId);
    expect(events.at(-1)).toMatchObject({
      status: 'CANCELLED',
      note: 'Address could not be reached',
      actorUserId: admin.user.id,
    });
  });

  it('an order on the road may omit the reason; the truck is free again, the payment keeps its status', async () => {
    const order = await createOrderAs(testApp, customer, { payment_method: 'online' });
    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, order.id, truck);
    const response = await updateOrderStatus(testApp, admin, order.id, { status: 'CANCELLED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().order).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: null,
      payment: { status: 'pending', paidAt: null },
    });
    expect((await readTruck(truck.truckId)).status).toBe('AVAILABLE');
    expect((await readPayment(order.id)).status).toBe('pending');
    // The freed truck can take the next order.
    await dispatchOrder(testApp, admin, await orderIn('PENDING'), truck);
  });
});

describe('delivering (IN_TRANSIT → DELIVERED)', () => {
  it('frees the truck, dates the delivery and settles the payment', async () => {
    const order = await createOrderAs(testApp, customer);
    const truck = await createTruckWithDriver(testApp);
    await dispatchOrder(testApp, admin, order.id, truck);
    const response = await updateOrderStatus(testApp, admin, order.id, { status: 'delivered' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Order status updated to DELIVERED');
    expect(body.order).toMatchObject({
      status: 'DELIVERED',
      tracking: { status: 'DELIVERED', currentLocation: 'Rabat' },
      payment: { status: 'paid', amount: order.price },
      truckNumber: truck.truckNumber,
    });
    expect(body.order.delivery_date).toEqual(expect.any(String));
    expect(body.order.payment.paidAt).toBe(body.order.delivery_date);
    expect((await readTruck(truck.truckId)).status).toBe('AVAILABLE');
    expect((await readPayment(order.id)).paidAt).toEqual(new Date(body.order.delivery_date));
    const events = await readEvents(order.id);
    expect(events.map((e) => e.status)).toEqual(['PENDING', 'IN_TRANSIT', 'DELIVERED']);
    expect(events.at(-1)).toMatchObject({ location: 'Rabat', actorUserId: admin.user.id });
  });
});

describe('the transition table', () => {
  const refused = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => !canChangeStatus(from, to)).map((to) => [from, to] as const),
  );

  it.each(refused)('refuses %s → %s with 409 and changes nothing', async (from, to) => {
    const orderId = await orderIn(from);
    const truck = await createTruckWithDriver(testApp);
    const before = await readOrder(orderId);
    const eventsBefore = (await readEvents(orderId)).length;
    const response = await updateOrderStatus(testApp, admin, orderId, {
      status: to,
      reason: 'Testing the rules',
      truckNumber: truck.truckNumber,
      driverId: truck.driverId,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toEqual(expect.stringContaining(from));
    expect(await readOrder(orderId)).toEqual(before);
    expect(await readEvents(orderId)).toHaveLength(eventsBefore);
    expect((await readTruck(truck.truckId)).status).toBe('AVAILABLE');
  });

  it('names the reason: a delivered order can no longer change', async () => {
    const orderId = await orderIn('DELIVERED');
    const response = await updateOrderStatus(testApp, admin, orderId, {
      status: 'CANCELLED',
      reason: 'Too late',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'order.status_final',
      message: 'This order is DELIVERED and can no longer change',
    });
  });

  it('refuses an unknown status with 400', async () => {
    const orderId = await orderIn('PENDING');
    const response = await updateOrderStatus(testApp, admin, orderId, {
      status: 'LOADING',
    } as unknown as UpdateOrderStatusInput);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.status).toBe('Unknown status');
  });

  it('answers 404 for an unknown or malformed order id, never 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1'; drop table x"]) {
      const response = await updateOrderStatus(testApp, admin, encodeURIComponent(id), {
        status: 'DELIVERED',
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ code: 'order.not_found', message: 'Order not found' });
    }
  });
});
