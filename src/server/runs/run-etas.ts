import type { LatLng } from '#shared/pricing';
import type { RunStopRef } from '#shared/run-loads';
import { measureStops, type RunOrderFacts } from '#shared/run-stops';
import type { RunStopOutcome } from '#shared/runs';

const MINUTE_MS = 60_000;

export interface RecordedPoint extends LatLng {
  recordedAt: Date;
}

/** A run's stop as its times need it: which order, what for, and how it went. */
export interface TimedStop {
  stop: RunStopRef & { outcome: RunStopOutcome | null; doneAt: Date | null };
  order: RunOrderFacts;
}

/** Where a run's remaining stops are timed from. */
export type EtaOrigin = 'position' | 'last-stop' | 'first-stop';

interface Origin {
  from: EtaOrigin;
  start: LatLng | null;
  /** The stop the truck was last at, measured as the route's first stop (no time of its own). */
  lastStop: RunStopRef | null;
}

/**
 * Where the remaining stops are timed from: the driver's latest position unless a stop was done
 * since (the driver was there then), else the last stop done, else nowhere (the first stop to do
 * is reached now).
 */
function originOf(rows: readonly TimedStop[], position: RecordedPoint | null): Origin {
  const settled = rows.filter(
    ({ stop }) => stop.doneAt !== null && stop.outcome !== null && stop.outcome !== 'dropped',
  );
  const last = settled.reduce<TimedStop | null>(
    (latest, row) => (!latest || row.stop.doneAt! >= latest.stop.doneAt! ? row : latest),
    null,
  );
  if (position && (!last || position.recordedAt > last.stop.doneAt!)) {
    return { from: 'position', start: { lat: position.lat, lng: position.lng }, lastStop: null };
  }
  if (last) {
    return {
      from: 'last-stop',
      start: null,
      lastStop: { orderId: last.stop.orderId, kind: last.stop.kind },
    };
  }
  return { from: 'first-stop', start: null, lastStop: null };
}

/**
 * Minutes from the origin to each stop still to do, in order, by the runs' own measure
 * (#shared/run-stops, measureStops): legs as the straight line times the road factor, an order's
 * own pickup-to-delivery leg as priced. The last stop done leads the route so that its order's
 * own leg is recognised; a prefix is measured per stop because measureStops times deliveries only.
 */
function minutesToOpenStops(
  origin: Origin,
  open: readonly RunStopRef[],
  ordersById: ReadonlyMap<string, RunOrderFacts>,
): number[] {
  const lead = origin.lastStop ? [origin.lastStop] : [];
  return open.map(
    (_, index) =>
      measureStops(origin.start, [...lead, ...open.slice(0, index + 1)], ordersById)
        .durationMinutes,
  );
}

/**
 * When the truck should reach each stop of a run not ended (docs/decisions/0024-runs-and-planning.md,
 * "The driver's run"): for each stop still to do, now plus the time from where the truck is; null
 * for a stop settled. The driver's phone and the office's run page show the same times.
 */
export function runEtas(
  rows: readonly TimedStop[],
  position: RecordedPoint | null,
  now: Date,
): { from: EtaOrigin; etaAt: Array<Date | null> } {
  const ordersById = new Map(rows.map(({ order }) => [order.id, order]));
  const open = rows
    .filter(({ stop }) => stop.outcome === null)
    .map(({ stop }) => ({ orderId: stop.orderId, kind: stop.kind }));
  const origin = originOf(rows, position);
  const minutes = minutesToOpenStops(origin, open, ordersById);
  let openIndex = 0;
  return {
    from: origin.from,
    etaAt: rows.map(({ stop }) =>
      stop.outcome === null ? new Date(now.getTime() + minutes[openIndex++]! * MINUTE_MS) : null,
    ),
  };
}
