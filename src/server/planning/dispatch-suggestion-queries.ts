import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { driverPositions, drivers, orders, runStops, runs, trucks } from '../db/schema';
import { runStopOrderColumns } from '../orders/order-reads';

/*
 * What dispatch suggestions read (docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions"): the order, the trucks
 * that could take it with their runs and last positions, and the stops of runs not yet started.
 * The order and stop columns are those of #shared/run-stops' RunOrderFacts.
 */

/** The order's status and what a run's load and road read of it. */
export async function findOrderRunFacts(db: Database, orderId: string) {
  const [row] = await db
    .select({ ...runStopOrderColumns, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}
export type OrderRunFactsRow = NonNullable<Awaited<ReturnType<typeof findOrderRunFacts>>>;

/**
 * Trucks whose driver is active and that are free or have a run not ended, each with that run
 * and the driver's newest position since `since` (one probe of driver_positions' (driver,
 * recorded_at desc) index per truck, as the admin map reads it: positions-queries.ts).
 */
export async function listCandidateTrucks(db: Database, since: Date) {
  const latest = db
    .select({
      lat: driverPositions.lat,
      lng: driverPositions.lng,
      recordedAt: driverPositions.recordedAt,
    })
    .from(driverPositions)
    .where(
      and(eq(driverPositions.driverId, trucks.driverId), gte(driverPositions.recordedAt, since)),
    )
    .orderBy(desc(driverPositions.recordedAt))
    .limit(1)
    .as('latest');
  return db
    .select({
      truck: {
        id: trucks.id,
        truckNumber: trucks.truckNumber,
        status: trucks.status,
        capacityKg: trucks.capacityKg,
        capacityM3: trucks.capacityM3,
        technicalDate: trucks.technicalDate,
      },
      driver: {
        id: drivers.id,
        fullName: drivers.fullName,
        licenseExpire: drivers.licenseExpire,
      },
      run: { id: runs.id, status: runs.status },
      position: { lat: latest.lat, lng: latest.lng },
    })
    .from(trucks)
    .innerJoin(drivers, eq(drivers.id, trucks.driverId))
    .leftJoin(runs, and(eq(runs.truckId, trucks.id), ne(runs.status, 'ended')))
    .leftJoinLateral(latest, sql`true`)
    .where(
      and(
        isNull(drivers.deactivatedAt),
        or(eq(trucks.status, 'AVAILABLE'), ne(runs.status, 'ended')),
      ),
    )
    .orderBy(asc(trucks.truckNumber));
}
export type CandidateTruckRow = Awaited<ReturnType<typeof listCandidateTrucks>>[number];

/** The stops of these runs in order, each with its order's facts; dropped stops left out. */
export async function listStandingStops(db: Database, runIds: readonly string[]) {
  if (runIds.length === 0) return [];
  return db
    .select({
      runId: runStops.runId,
      kind: runStops.kind,
      order: runStopOrderColumns,
    })
    .from(runStops)
    .innerJoin(orders, eq(orders.id, runStops.orderId))
    .where(
      and(
        inArray(runStops.runId, [...runIds]),
        or(isNull(runStops.outcome), ne(runStops.outcome, 'dropped')),
      ),
    )
    .orderBy(asc(runStops.runId), asc(runStops.position));
}
