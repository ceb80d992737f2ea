import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders, runStops, runs, trucks } from '../db/schema';
import { runStopOrderColumns } from '../orders/order-reads';

/*
 * The driver's run as their phone reads it (docs/decisions/0024-runs-and-planning.md, "The
 * driver's run"): read only; the order lifecycle writes runs and their stops.
 */

/**
 * The driver's run that has not ended (one probe of runs_driver_status_idx). A driver has one
 * truck, and a truck at most one such run; should they have two, the older comes first.
 */
export async function findDriverActiveRun(db: Database, driverId: string) {
  const [row] = await db
    .select({
      id: runs.id,
      runDate: runs.runDate,
      status: runs.status,
      createdAt: runs.createdAt,
      truckNumber: trucks.truckNumber,
    })
    .from(runs)
    .innerJoin(trucks, eq(trucks.id, runs.truckId))
    .where(and(eq(runs.driverId, driverId), ne(runs.status, 'ended')))
    .orderBy(asc(runs.createdAt), asc(runs.id))
    .limit(1);
  return row;
}

/** The run's stops in order, each with what the phone shows and times of its order. */
export async function listDriverRunStops(db: Database, runId: string) {
  return db
    .select({
      stop: {
        orderId: runStops.orderId,
        kind: runStops.kind,
        outcome: runStops.outcome,
        doneAt: runStops.doneAt,
      },
      order: runStopOrderColumns,
    })
    .from(runStops)
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(eq(runStops.runId, runId))
    .orderBy(asc(runStops.position));
}
export type DriverRunStopRow = Awaited<ReturnType<typeof listDriverRunStops>>[number];
