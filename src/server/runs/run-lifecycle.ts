import type { RunStopOutcome } from '#shared/runs';
import type { RunStopKind, RunStopRef } from '#shared/run-loads';
import type { Database } from '../db/open-database';
import type { RunOrderFacts } from '#shared/run-stops';
import {
  countOpenStops,
  insertRun,
  listRunStopOrders,
  listRunStops,
  lockActiveRun,
  lockRun,
  markTruckAvailable,
  replaceRunStops,
  settleStops,
  updateRun,
  type NewRun,
  type RunRow,
} from './run-queries';

/*
 * What the order lifecycle (src/server/orders/order-lifecycle.ts) does to runs, in its
 * transaction (docs/decisions/0024-runs-and-planning.md).
 */

export type { RunRow } from './run-queries';

/** The truck's run that has not ended, locked (the truck's own lock is already held). */
export const lockTruckRun = lockActiveRun;

/** A run's stops that still stand (not dropped), in order, with their orders' facts. */
export async function readStandingStops(
  tx: Database,
  runId: string,
): Promise<{ stops: RunStopRef[]; orders: RunOrderFacts[] }> {
  const stops = (await listRunStops(tx, runId))
    .filter((stop) => stop.outcome !== 'dropped')
    .map(({ orderId, kind }) => ({ orderId, kind }));
  const orders = await listRunStopOrders(tx, [...new Set(stops.map((stop) => stop.orderId))]);
  return { stops, orders };
}

/** A new run, or the joined one with its new measures; its stops are written anew either way. */
export async function saveRun(
  tx: Database,
  joined: RunRow | undefined,
  values: NewRun,
  stops: readonly RunStopRef[],
): Promise<RunRow> {
  const run = joined
    ? await updateRun(tx, joined.id, {
        distanceKm: values.distanceKm,
        durationMinutes: values.durationMinutes,
        updatedAt: values.updatedAt,
      })
    : await insertRun(tx, values);
  await replaceRunStops(tx, run.id, stops);
  return run;
}

/**
 * A run moves with its orders (docs/decisions/0024-runs-and-planning.md, "A run's progress"):
 * each step of the lifecycle settles the order's stops; the first stop done starts the run, and
 * the last one ends it and frees its truck. Runs in the lifecycle's transaction, after the
 * order's lock (a dispatch takes the truck's, then the run's, then pending orders': no cycle).
 */
export async function settleOrderStops(
  tx: Database,
  order: { id: string; runId: string | null },
  kinds: readonly RunStopKind[],
  outcome: RunStopOutcome,
  now: Date,
): Promise<RunRow | undefined> {
  if (!order.runId) return undefined;
  const run = await lockRun(tx, order.runId);
  if (!run || run.status === 'ended') return run;
  const settled = await settleStops(tx, run.id, order.id, kinds, outcome, now);
  if (settled === 0) return run;
  const open = await countOpenStops(tx, run.id);
  if (open === 0) {
    await markTruckAvailable(tx, run.truckId, now);
    return updateRun(tx, run.id, {
      status: 'ended',
      startedAt: run.startedAt ?? now,
      endedAt: now,
      updatedAt: now,
    });
  }
  if (run.status === 'planned' && outcome !== 'dropped') {
    return updateRun(tx, run.id, { status: 'started', startedAt: now, updatedAt: now });
  }
  return run;
}
