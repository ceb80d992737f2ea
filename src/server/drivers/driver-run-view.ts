import type { LatLng } from '#shared/pricing';
import type { RunStopRef } from '#shared/run-loads';
import { measureStops, type RunOrderFacts } from '#shared/run-stops';
import type { RunStatus } from '#shared/runs';
import {
  navigationUrlTo,
  type DriverRun,
  type DriverRunStop,
} from '#shared/schemas/driver-run-schemas';
import { toStopPlace } from '../runs/run-view';
import type { DriverRunStopRow } from './driver-run-queries';

const MINUTE_MS = 60_000;

export interface DriverRunHeader {
  id: string;
  runDate: string;
  status: RunStatus;
  truckNumber: string;
}

export interface RecordedPoint extends LatLng {
  recordedAt: Date;
}

interface Origin {
  from: DriverRun['etaFrom'];
  start: LatLng | null;
  /** The stop the truck was last at, measured as the route's first stop (no time of its own). */
  lastStop: RunStopRef | null;
}

/**
 * Where the remaining stops are timed from: the driver's latest position unless a stop was done
 * since (the driver was there then), else the last stop done, else nowhere (the first stop to do
 * is reached now).
 */
function originOf(rows: readonly DriverRunStopRow[], position: RecordedPoint | null): Origin {
  const settled = rows.filter(
    ({ stop }) => stop.doneAt !== null && stop.outcome !== null && stop.outcome !== 'dropped',
  );
  const last = settled.reduce<DriverRunStopRow | null>(
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
 * The run as the driver's phone shows it (docs/decisions/0024-runs-and-planning.md, "The driver's
 * run"): the stops in order, each still to do with its ETA from now, the next one, the progress.
 */
export function toDriverRun(
  run: DriverRunHeader,
  rows: readonly DriverRunStopRow[],
  position: RecordedPoint | null,
  now: Date,
): DriverRun {
  const ordersById = new Map(rows.map(({ order }) => [order.id, order]));
  const openRefs = rows
    .filter(({ stop }) => stop.outcome === null)
    .map(({ stop }) => ({ orderId: stop.orderId, kind: stop.kind }));
  const origin = originOf(rows, position);
  const minutes = minutesToOpenStops(origin, openRefs, ordersById);
  let openIndex = 0;
  const stops = rows.map(({ stop, order }, index): DriverRunStop => {
    const etaAt =
      stop.outcome === null ? new Date(now.getTime() + minutes[openIndex++]! * MINUTE_MS) : null;
    const place = toStopPlace(stop, order, index);
    return {
      ...place,
      etaAt: etaAt?.toISOString() ?? null,
      navigationUrl: navigationUrlTo(place),
    };
  });
  const next = stops.find((stop) => stop.outcome === null);
  return {
    id: run.id,
    runDate: run.runDate,
    status: run.status,
    truckNumber: run.truckNumber,
    stops,
    nextStopPosition: next?.position ?? null,
    progress: { done: stops.length - openRefs.length, total: stops.length },
    etaFrom: origin.from,
  };
}
