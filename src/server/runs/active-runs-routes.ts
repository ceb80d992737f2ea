import { z } from 'zod';
import { toBusinessDate } from '#shared/business-calendar';
import { RunDetailSchema, type RunDetail } from '#shared/schemas/run-schemas';
import type { Database } from '../db/open-database';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { PositionsService } from '../positions/positions-service';
import {
  listActiveRunSummaries,
  listRunStopOrders,
  listStopsOfRuns,
  type RunStopRow,
} from './run-queries';
import type { RecordedPoint } from './run-etas';
import { isTimed, toRunDetail } from './run-view';

interface ActiveRunsDeps {
  db: Database;
  clock: () => Date;
  positions: Pick<PositionsService, 'latestPositionsOf'>;
}

/**
 * Every run not ended with its stops in order and their arrival times
 * (docs/decisions/0024-runs-and-planning.md, "Runs on the live map"): four reads whatever the
 * number of runs, never one per run.
 */
export async function readActiveRuns({
  db,
  clock,
  positions,
}: ActiveRunsDeps): Promise<RunDetail[]> {
  const now = clock();
  const today = toBusinessDate(now);
  const summaries = await listActiveRunSummaries(db);
  const timed = summaries.filter((summary) => isTimed(summary.run, today));
  const [stops, latest] = await Promise.all([
    listStopsOfRuns(
      db,
      summaries.map((summary) => summary.run.id),
    ),
    timed.length === 0
      ? new Map<string, RecordedPoint>()
      : positions.latestPositionsOf(
          timed.map((summary) => summary.driver.id),
          new Date(Math.min(...timed.map((summary) => summary.run.createdAt.getTime()))),
        ),
  ]);
  const orders = await listRunStopOrders(db, [...new Set(stops.map((stop) => stop.orderId))]);
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  const stopsByRun = new Map<string, RunStopRow[]>();
  for (const stop of stops) {
    const list = stopsByRun.get(stop.runId) ?? [];
    list.push(stop);
    stopsByRun.set(stop.runId, list);
  }
  return summaries.map((summary) => {
    const position = latest.get(summary.driver.id);
    const timing = isTimed(summary.run, today)
      ? {
          // A position from before the run was dispatched says nothing of where its truck is.
          position: position && position.recordedAt >= summary.run.createdAt ? position : null,
          now,
        }
      : undefined;
    return toRunDetail(summary, stopsByRun.get(summary.run.id) ?? [], ordersById, timing);
  });
}

/** GET /api/admin/runs/active, admins only: what /admin/map draws of the runs on the road. */
export function registerActiveRunRoutes(app: ZodApp, deps: ActiveRunsDeps): void {
  app.get(
    '/admin/runs/active',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'Every run not ended, with its stops in order and their outcomes',
        response: {
          200: z.array(RunDetailSchema),
          401: ErrorBodySchema,
          403: ErrorBodySchema,
        },
      },
      onRequest: app.requireRole('ADMIN'),
    },
    async () => readActiveRuns(deps),
  );
}
