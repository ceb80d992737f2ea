import { z } from 'zod';
import { RunDetailSchema, type RunDetail } from '#shared/schemas/run-schemas';
import type { Database } from '../db/open-database';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import {
  listActiveRunSummaries,
  listRunStopOrders,
  listStopsOfRuns,
  type RunStopRow,
} from './run-queries';
import { toRunStops, toRunSummary } from './run-view';

/**
 * Every run not ended with its stops in order (docs/decisions/0024-runs-and-planning.md,
 * "Runs on the live map"): three reads whatever the number of runs, never one per run.
 */
export async function readActiveRuns(db: Database): Promise<RunDetail[]> {
  const summaries = await listActiveRunSummaries(db);
  const stops = await listStopsOfRuns(
    db,
    summaries.map((summary) => summary.run.id),
  );
  const orders = await listRunStopOrders(db, [...new Set(stops.map((stop) => stop.orderId))]);
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  const stopsByRun = new Map<string, RunStopRow[]>();
  for (const stop of stops) {
    const list = stopsByRun.get(stop.runId) ?? [];
    list.push(stop);
    stopsByRun.set(stop.runId, list);
  }
  return summaries.map((summary) => ({
    ...toRunSummary(summary),
    ...toRunStops(stopsByRun.get(summary.run.id) ?? [], ordersById),
  }));
}

/** GET /api/admin/runs/active, admins only: what /admin/map draws of the runs on the road. */
export function registerActiveRunRoutes(app: ZodApp, deps: { db: Database }): void {
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
    async () => readActiveRuns(deps.db),
  );
}
