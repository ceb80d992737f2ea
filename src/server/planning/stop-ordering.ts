import type { RunStopRef } from '#shared/run-loads';
import type { Database } from '../db/open-database';
import type { PositionsService } from '../positions/positions-service';
import type { DistanceMatrixLookup } from '../routing/distance-matrix';
import { listPlanOrders, listPlanTrucks } from './plan-queries';
import { solveRoutes } from './solver/solve-routes';
import { buildSolverInput } from './solver-input';

/**
 * A position older than this says little of where the truck is now: a plan then starts the truck
 * at its first stop, and a suggestion measures from its run's last stop or not at all
 * (docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions").
 */
export const POSITION_FRESH_MS = 12 * 60 * 60 * 1000;
/** The same request orders the same way (docs/decisions/0024-runs-and-planning.md). */
export const PLAN_SEED = 1;

export interface StopOrderingDeps {
  db: Database;
  clock: () => Date;
  positionsService: PositionsService;
  distanceMatrix: DistanceMatrixLookup;
  timeLimitMs: number;
}

/**
 * One truck's stops in the solver's order (docs/decisions/0024-runs-and-planning.md, "Runs"): a
 * new run's, or a run not started with new orders placed around and between the stops it keeps.
 * Undefined when the solver cannot place them all (or the truck is unknown): the dispatch then
 * appends them and its own check says why they do not fit.
 */
export function createStopOrdering({
  db,
  clock,
  positionsService,
  distanceMatrix,
  timeLimitMs,
}: StopOrderingDeps) {
  return async function orderStops(
    truckId: string,
    orderIds: readonly string[],
    keptStops: readonly RunStopRef[] = [],
  ): Promise<RunStopRef[] | undefined> {
    const [row] = await listPlanTrucks(db, [truckId]);
    if (!row) return undefined;
    const kept = [...new Set(keptStops.map((stop) => stop.orderId))];
    const orders = await listPlanOrders(db, [...new Set([...kept, ...orderIds])]);
    const since = new Date(clock().getTime() - POSITION_FRESH_MS);
    const position = await positionsService.latestPositionOf(row.driver.id, since);
    const problem = await buildSolverInput(
      [
        {
          id: row.truck.id,
          capacityKg: row.truck.capacityKg,
          capacityM3: row.truck.capacityM3,
          start: position ? { lat: position.lat, lng: position.lng } : null,
          keptStops,
        },
      ],
      orders,
      distanceMatrix,
    );
    const solved = solveRoutes({ ...problem, seed: PLAN_SEED, timeLimitMs });
    return solved.unassigned.length === 0 ? solved.routes[0]!.stops : undefined;
  };
}

export type OrderStops = ReturnType<typeof createStopOrdering>;
