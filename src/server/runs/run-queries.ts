import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { RunStatus, RunStopOutcome } from '#shared/runs';
import type { RunStopRef } from '#shared/run-loads';
import { readPageWithTotal } from '../db/list-total';
import { runStopOrderColumns } from '../orders/order-reads';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { drivers, orders, runStops, runs, trucks } from '../db/schema';

/*
 * Runs and their stops (docs/decisions/0024-runs-and-planning.md). The writes run in the order
 * lifecycle's transaction (src/server/orders/order-lifecycle.ts), which holds the truck's lock.
 */

export type RunRow = typeof runs.$inferSelect;
export type RunStopRow = typeof runStops.$inferSelect;
export type NewRun = typeof runs.$inferInsert;

/** The truck's run that has not ended (at most one: runs_one_active_per_truck), locked. */
export async function lockActiveRun(tx: Database, truckId: string): Promise<RunRow | undefined> {
  const [row] = await tx
    .select()
    .from(runs)
    .where(and(eq(runs.truckId, truckId), ne(runs.status, 'ended')))
    .for('update');
  return row;
}

export async function lockRun(tx: Database, runId: string): Promise<RunRow | undefined> {
  const [row] = await tx.select().from(runs).where(eq(runs.id, runId)).for('update');
  return row;
}

export async function insertRun(tx: Database, values: typeof runs.$inferInsert): Promise<RunRow> {
  const [row] = await tx.insert(runs).values(values).returning();
  return row!;
}

export async function updateRun(
  tx: Database,
  runId: string,
  values: Partial<typeof runs.$inferInsert>,
): Promise<RunRow> {
  const [row] = await tx.update(runs).set(values).where(eq(runs.id, runId)).returning();
  return row!;
}

/** The truck's run that has not started, found by its plate. */
export async function findPlannedRunOfTruck(
  db: Database,
  truckNumber: string,
): Promise<{ runId: string; truckId: string } | undefined> {
  const [row] = await db
    .select({ runId: runs.id, truckId: runs.truckId })
    .from(runs)
    .innerJoin(trucks, eq(trucks.id, runs.truckId))
    .where(and(eq(trucks.truckNumber, truckNumber), eq(runs.status, 'planned')))
    .limit(1);
  return row;
}

/** The run's stops in order. */
export async function listRunStops(db: Database, runId: string): Promise<RunStopRow[]> {
  return db
    .select()
    .from(runStops)
    .where(eq(runStops.runId, runId))
    .orderBy(asc(runStops.position));
}

/**
 * The run's stops become these, in this order: used only while no stop is done (a run that has
 * not started), so the whole list is written anew.
 */
export async function replaceRunStops(
  tx: Database,
  runId: string,
  stops: readonly RunStopRef[],
): Promise<void> {
  await tx.delete(runStops).where(eq(runStops.runId, runId));
  if (stops.length === 0) return;
  await tx.insert(runStops).values(
    stops.map((stop, position) => ({
      runId,
      position,
      orderId: stop.orderId,
      kind: stop.kind,
    })),
  );
}

/** The order's stops of these kinds not done yet are done now, with this outcome. */
export async function settleStops(
  tx: Database,
  runId: string,
  orderId: string,
  kinds: readonly RunStopRef['kind'][],
  outcome: RunStopOutcome,
  now: Date,
): Promise<number> {
  const settled = await tx
    .update(runStops)
    .set({ outcome, doneAt: now })
    .where(
      and(
        eq(runStops.runId, runId),
        eq(runStops.orderId, orderId),
        inArray(runStops.kind, [...kinds]),
        isNull(runStops.outcome),
      ),
    )
    .returning({ id: runStops.id });
  return settled.length;
}

export async function markTruckAvailable(tx: Database, truckId: string, now: Date): Promise<void> {
  await tx
    .update(trucks)
    .set({ status: 'AVAILABLE', updatedAt: now })
    .where(eq(trucks.id, truckId));
}

export async function countOpenStops(tx: Database, runId: string): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(runStops)
    .where(and(eq(runStops.runId, runId), isNull(runStops.outcome)));
  return row?.open ?? 0;
}

/** What the run screens show of each stop's order. */
export async function listRunStopOrders(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      ...runStopOrderColumns,
      status: orders.status,
      pickedUpAt: orders.pickedUpAt,
      truckId: orders.truckId,
      runId: orders.runId,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
}
export type RunStopOrderRow = Awaited<ReturnType<typeof listRunStopOrders>>[number];

const runSummaryColumns = {
  run: runs,
  truck: {
    id: trucks.id,
    truckNumber: trucks.truckNumber,
    capacityKg: trucks.capacityKg,
    capacityM3: trucks.capacityM3,
  },
  driver: { id: drivers.id, fullName: drivers.fullName },
  orderCount: sql<number>`(select count(distinct ${runStops.orderId})::int from ${runStops} where ${runStops.runId} = ${runs.id})`,
  done: sql<number>`(select count(*)::int from ${runStops} where ${runStops.runId} = ${runs.id} and ${runStops.outcome} is not null)`,
  total: sql<number>`(select count(*)::int from ${runStops} where ${runStops.runId} = ${runs.id})`,
};

function selectRunSummaries(db: Database) {
  return db
    .select(runSummaryColumns)
    .from(runs)
    .innerJoin(trucks, eq(trucks.id, runs.truckId))
    .innerJoin(drivers, eq(drivers.id, runs.driverId));
}
export type RunSummaryRow = Awaited<ReturnType<typeof findRunSummary>> & object;

export async function findRunSummary(db: Database, runId: string) {
  const [row] = await selectRunSummaries(db).where(eq(runs.id, runId)).limit(1);
  return row;
}

/** A page of runs, newest day first, and the capped total; the filters are the list's. */
export async function listRunSummaries(
  db: Database,
  filters: { status?: RunStatus; date?: string },
  page: Page,
) {
  const where = and(
    filters.status ? eq(runs.status, filters.status) : undefined,
    filters.date ? eq(runs.runDate, filters.date) : undefined,
  );
  return readPageWithTotal(
    db,
    page,
    selectRunSummaries(db).where(where).orderBy(desc(runs.runDate), desc(runs.id)).$dynamic(),
    db.select({ id: runs.id }).from(runs).where(where).$dynamic(),
  );
}

/** Runs not ended, with their trucks' ids: what the live map and the planner read. */
export async function listActiveRunIds(
  db: Database,
): Promise<Array<{ id: string; truckId: string }>> {
  return db
    .select({ id: runs.id, truckId: runs.truckId })
    .from(runs)
    .where(ne(runs.status, 'ended'));
}

/**
 * Every run not ended, with its truck and driver, for the live map: few rows (at most one per
 * truck, runs_one_active_per_truck), read through that partial index.
 */
export async function listActiveRunSummaries(db: Database): Promise<RunSummaryRow[]> {
  return selectRunSummaries(db).where(ne(runs.status, 'ended')).orderBy(asc(trucks.truckNumber));
}

/** The stops of these runs, each run's in order. */
export async function listStopsOfRuns(
  db: Database,
  runIds: readonly string[],
): Promise<RunStopRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(runStops)
    .where(inArray(runStops.runId, [...runIds]))
    .orderBy(asc(runStops.runId), asc(runStops.position));
}

/** These runs' rows, those that have not ended. */
export async function listRunsNotEnded(db: Database, runIds: readonly string[]): Promise<RunRow[]> {
  if (runIds.length === 0) return [];
  return db
    .select()
    .from(runs)
    .where(and(inArray(runs.id, [...runIds]), ne(runs.status, 'ended')));
}
