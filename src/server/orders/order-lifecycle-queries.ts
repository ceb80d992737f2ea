import { eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { drivers, orders, payments, trackingEvents, trucks } from '../db/schema';

/*
 * The only writes of an order's status (docs/architecture.md, "The order lifecycle"). Each runs
 * in the lifecycle's transaction and locks what it reads.
 */

export type OrderRow = typeof orders.$inferSelect;
type TruckRow = typeof trucks.$inferSelect;

export async function insertOrderWithPayment(
  tx: Database,
  order: typeof orders.$inferInsert,
  payment: Omit<typeof payments.$inferInsert, 'orderId'>,
): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(order).returning();
  await tx.insert(payments).values({ ...payment, orderId: created!.id });
  return created!;
}

export async function lockOrder(tx: Database, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

const truckForDispatchColumns = {
  truck: trucks,
  driver: { fullName: drivers.fullName, licenseExpire: drivers.licenseExpire },
};
export type TruckForDispatch = {
  truck: TruckRow;
  driver: { fullName: string; licenseExpire: string };
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

export async function markPaymentPaid(tx: Database, orderId: string, paidAt: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'paid', paidAt, updatedAt: paidAt })
    .where(eq(payments.orderId, orderId));
}

/** Answers the event's sequence number, the id its live event carries. */
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
