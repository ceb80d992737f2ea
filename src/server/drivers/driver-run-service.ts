import type { DriverRunAnswer } from '#shared/schemas/driver-run-schemas';
import type { Database } from '../db/open-database';
import type { PositionsService } from '../positions/positions-service';
import { findDriverActiveRun, listDriverRunStops } from './driver-run-queries';
import { toDriverRun } from './driver-run-view';

interface DriverRunServiceDeps {
  db: Database;
  clock: () => Date;
  positions: Pick<PositionsService, 'latestPositionOf'>;
}

/**
 * The driver's run (docs/decisions/0024-runs-and-planning.md, "The driver's run"): the one not
 * ended, its stops in order and when the truck should reach each one still to do. A run that
 * ended is no longer theirs to work: the answer is null, as for a driver without a run.
 */
export function createDriverRunService({ db, clock, positions }: DriverRunServiceDeps) {
  return {
    async currentRun(driverId: string): Promise<DriverRunAnswer> {
      const run = await findDriverActiveRun(db, driverId);
      if (!run) return { run: null };
      const [stops, position] = await Promise.all([
        listDriverRunStops(db, run.id),
        // A position from before the run was dispatched says nothing of where its truck is.
        positions.latestPositionOf(driverId, run.createdAt),
      ]);
      return { run: toDriverRun(run, stops, position ?? null, clock()) };
    },
  };
}

export type DriverRunService = ReturnType<typeof createDriverRunService>;
