import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { runStopOrderColumns } from '../orders/order-reads';
import { drivers, orders, runPlans, runs, trucks } from '../db/schema';

/** What the planner reads of each order asked for (docs/decisions/0024-runs-and-planning.md). */
export async function listPlanOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ ...runStopOrderColumns, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}
export type PlanOrderRow = Awaited<ReturnType<typeof listPlanOrders>>[number];

/**
 * Trucks to plan with, their drivers, and whether each has a run not ended: the ones asked for,
 * or every truck whose driver is active.
 */
export async function listPlanTrucks(db: Database, truckIds: readonly string[] | undefined) {
  return db
    .select({
      truck: {
        id: trucks.id,
        truckNumber: trucks.truckNumber,
        capacityKg: trucks.capacityKg,
        capacityM3: trucks.capacityM3,
        technicalDate: trucks.technicalDate,
        driverId: trucks.driverId,
      },
      driver: {
        id: drivers.id,
        fullName: drivers.fullName,
        licenseExpire: drivers.licenseExpire,
        deactivatedAt: drivers.deactivatedAt,
      },
      activeRunId: runs.id,
    })
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .leftJoin(runs, and(eq(runs.truckId, trucks.id), ne(runs.status, 'ended')))
    .where(truckIds ? inArray(trucks.id, [...truckIds]) : isNull(drivers.deactivatedAt))
    .orderBy(asc(trucks.truckNumber));
}
export type PlanTruckRow = Awaited<ReturnType<typeof listPlanTrucks>>[number];

export async function insertRunPlan(
  db: Database,
  values: typeof runPlans.$inferInsert,
): Promise<typeof runPlans.$inferSelect> {
  const [row] = await db.insert(runPlans).values(values).returning();
  return row!;
}

export async function findRunPlan(db: Database, planId: string) {
  const [row] = await db.select().from(runPlans).where(eq(runPlans.id, planId));
  return row;
}

/** Marks the plan confirmed unless it already was; answers whether this call did. */
export async function markRunPlanConfirmed(
  db: Database,
  planId: string,
  now: Date,
): Promise<boolean> {
  const marked = await db
    .update(runPlans)
    .set({ confirmedAt: now })
    .where(and(eq(runPlans.id, planId), isNull(runPlans.confirmedAt)))
    .returning({ id: runPlans.id });
  return marked.length > 0;
}

/** A confirmation that dispatched nothing is taken back. */
export async function unconfirmRunPlan(db: Database, planId: string): Promise<void> {
  await db.update(runPlans).set({ confirmedAt: null }).where(eq(runPlans.id, planId));
}
