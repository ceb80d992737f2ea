import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { deliveryAttempts, drivers, orders, payments, trackingEvents, trucks } from '../db/schema';

/*
 * The only writes of an order's status (docs/architecture.md, "The order lifecycle"). Each runs
 * in the lifecycle's transaction and locks what it reads.
 */

export type OrderRow = typeof orders.$inferSelect;
type TruckRow = typeof trucks.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function insertOrderWithPayment(
  tx: Database,
  order: typeof orders.$inferInsert,
  payment: Omit<typeof payments.$inferInsert, 'orderId'>,
): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(order).returning();
  await tx.insert(payments).values({ ...payment, orderId: created!.id });
  return created!;
}

/**
 * Many orders and their payments, one statement each; the orders come back in the given order
 * (matched by tracking number, which is unique).
 */
export async function insertOrdersWithPayments(
  tx: Database,
  items: ReadonlyArray<{
    order: typeof orders.$inferInsert;
    payment: Omit<typeof payments.$inferInsert, 'orderId'>;
  }>,
): Promise<OrderRow[]> {
  const rows = await tx
    .insert(orders)
    .values(items.map(({ order }) => order))
    .returning();
  const byTrackingNumber = new Map(rows.map((row) => [row.trackingNumber, row]));
  const created = items.map(({ order }) => byTrackingNumber.get(order.trackingNumber)!);
  await tx
    .insert(payments)
    .values(items.map(({ payment }, index) => ({ ...payment, orderId: created[index]!.id })));
  return created;
}

export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

const truckForDispatchColumns = {
  truck: trucks,
  driver: {
    fullName: drivers.fullName,
    licenseExpire: drivers.licenseExpire,
    deactivatedAt: drivers.deactivatedAt,
  },
};
export type TruckForDispatch = {
  truck: TruckRow;
  driver: { fullName: string; licenseExpire: string; deactivatedAt: Date | null };
};

/** The truck (locked) and what dispatch checks about its own driver. */
export async function lockTruck(
  tx: Database,
  truckNumber: string,
): Promise<TruckForDispatch | undefined> {
  const [row] = await tx
    .select(truckForDispatchColumns)
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .where(eq(trucks.truckNumber, truckNumber))
    .for('update', { of: trucks });
  return row;
}

export async function updateOrder(
  tx: Database,
  orderId: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(values).where(eq(orders.id, orderId)).returning();
  return row!;
}

export async function updateTruck(
  tx: Database,
  truckId: string,
  values: Partial<typeof trucks.$inferInsert>,
): Promise<void> {
  await tx.update(trucks).set(values).where(eq(trucks.id, truckId));
}

export async function lockPayment(tx: Database, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).for('update');
  return row;
}

/** Paid; a cash order at the amount its driver collected (docs/decisions/0009-drivers.md). */
export async function markPaymentPaid(
  tx: Database,
  orderId: string,
  paidAt: Date,
  amountCentimes?: number,
): Promise<void> {
  await tx
    .update(payments)
    .set({
      status: 'paid',
      paidAt,
      updatedAt: paidAt,
      ...(amountCentimes !== undefined && { amountCentimes }),
    })
    .where(eq(payments.orderId, orderId));
}

/**
 * One more wrong delivery (or return) code, kept even though the delivery is refused. Written under the
 * order's row lock, so parallel guesses queue and none slips past the limit.
 */
export async function countDeliveryCodeFailure(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .update(orders)
    .set({ deliveryCodeFailures: sql`${orders.deliveryCodeFailures} + 1` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['IN_TRANSIT', 'RETURNING'])))
    .returning({ failures: orders.deliveryCodeFailures });
  return row?.failures ?? 0;
}

export async function insertDeliveryAttempt(
  tx: Database,
  attempt: typeof deliveryAttempts.$inferInsert,
): Promise<void> {
  await tx.insert(deliveryAttempts).values(attempt);
}

/** Answers the event's sequence number, the id its live event carries. */
/** Many orders' tracking events in one statement; each order's sequence number, in order. */
export async function insertTrackingEvents(
  tx: Database,
  events: ReadonlyArray<typeof trackingEvents.$inferInsert>,
): Promise<number[]> {
  const rows = await tx
    .insert(trackingEvents)
    .values([...events])
    .returning({ orderId: trackingEvents.orderId, seq: trackingEvents.seq });
  const seqOf = new Map(rows.map((row) => [row.orderId, row.seq]));
  return events.map((event) => seqOf.get(event.orderId)!);
}

export async function insertTrackingEvent(
  tx: Database,
  event: typeof trackingEvents.$inferInsert,
): Promise<number> {
  const [row] = await tx
    .insert(trackingEvents)
    .values(event)
    .returning({ seq: trackingEvents.seq });
  return row!.seq;
}

/** The truck (locked) by its id, and what dispatch checks about its own driver. */
export async function lockTruckById(
  tx: Database,
  truckId: string,
): Promise<TruckForDispatch | undefined> {
  const [row] = await tx
    .select(truckForDispatchColumns)
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .where(eq(trucks.id, truckId))
    .for('update', { of: trucks });
  return row;
}
