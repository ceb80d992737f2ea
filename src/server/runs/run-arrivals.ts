import { toBusinessDate } from '#shared/business-calendar';
import type { Database } from '../db/open-database';
import { runEtas, type RecordedPoint } from './run-etas';
import {
  listRunsNotEnded,
  listRunStopOrders,
  listStopsOfRuns,
  type RunStopRow,
} from './run-queries';
import { isTimed } from './run-view';

/** A run whose deliveries are timed, from where its truck was last seen (null: not known). */
export interface RunToTime {
  runId: string;
  position: RecordedPoint | null;
}

/**
 * When each order of these runs should be delivered, when other orders' stops come before its
 * delivery: its delivery stop's time along the run, as the driver's phone and the office's run
 * page give it (runEtas), by order id. Such an order is reached after those stops, not straight
 * from where the truck is. Left out, for the order's own estimate (src/shared/eta.ts): an order
 * whose delivery is next of the run's (no other stop first), whose delivery stop is settled, or
 * on a run not timed (a later day's, an ended one). Three reads whatever the number of runs.
 */
export async function deliveryEtasOf(
  db: Database,
  toTime: readonly RunToTime[],
  now: Date,
): Promise<Map<string, Date>> {
  const today = toBusinessDate(now);
  const runRows = (
    await listRunsNotEnded(
      db,
      toTime.map(({ runId }) => runId),
    )
  ).filter((run) => isTimed(run, today));
  const stops = await listStopsOfRuns(
    db,
    runRows.map((run) => run.id),
  );
  const orders = await listRunStopOrders(db, [...new Set(stops.map((stop) => stop.orderId))]);
  const ordersById = new Map(orders.map((order) => [order.id, order]));
  const stopsByRun = new Map<string, RunStopRow[]>();
  for (const stop of stops)
    stopsByRun.set(stop.runId, [...(stopsByRun.get(stop.runId) ?? []), stop]);
  const positionOf = new Map(toTime.map(({ runId, position }) => [runId, position]));

  const etas = new Map<string, Date>();
  for (const run of runRows) {
    const rows = (stopsByRun.get(run.id) ?? []).map((stop) => ({
      stop,
      order: ordersById.get(stop.orderId)!,
    }));
    // A position from before the run was dispatched says nothing of where its truck is.
    const position = positionOf.get(run.id);
    const since = position && position.recordedAt >= run.createdAt ? position : null;
    const times = runEtas(rows, since, now).etaAt;
    rows.forEach(({ stop }, index) => {
      const eta = times[index];
      const othersFirst = rows
        .slice(0, index)
        .some((before) => before.stop.outcome === null && before.stop.orderId !== stop.orderId);
      if (stop.kind === 'delivery' && eta && othersFirst) etas.set(stop.orderId, eta);
    });
  }
  return etas;
}
