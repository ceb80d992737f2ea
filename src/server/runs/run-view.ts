import { runLoadProfile } from '#shared/run-loads';
import type { RunDetail, RunStop, RunStopPlace, RunSummary } from '#shared/schemas/run-schemas';
import { roundToCents } from '#shared/numbers';
import type { CsvColumn } from '../http/csv';
import { loadItemOf, measureStops, pointOf, type RunOrderFacts } from '#shared/run-stops';
import { runEtas, type RecordedPoint } from './run-etas';
import type { RunRow, RunStopRow, RunSummaryRow } from './run-queries';

/**
 * Where a stop is and what it is for, as every screen of a run shows it (the office's, the
 * driver's): its number from 1, its order, the city and address of its kind, its outcome.
 */
export function toStopPlace(
  stop: Pick<RunStopRow, 'orderId' | 'kind'> & Partial<Pick<RunStopRow, 'outcome' | 'doneAt'>>,
  order: RunStopOrder,
  index: number,
): RunStopPlace {
  const point = pointOf(order, stop.kind);
  return {
    position: index + 1,
    orderId: stop.orderId,
    trackingNumber: order.trackingNumber,
    kind: stop.kind,
    city: stop.kind === 'pickup' ? order.pickupLoc : order.deliveryLoc,
    address: stop.kind === 'pickup' ? order.pickupAddress : order.deliveryAddress,
    lat: point.lat,
    lng: point.lng,
    outcome: stop.outcome ?? null,
    doneAt: stop.doneAt?.toISOString() ?? null,
  };
}

/** What a stop shows of its order. */
export interface RunStopOrder extends RunOrderFacts {
  pickupLoc: string;
  deliveryLoc: string;
  pickupAddress: string | null;
  deliveryAddress: string | null;
}

/** A run as the lists show it. */
export function toRunSummary(row: RunSummaryRow): RunSummary {
  const { run, truck, driver } = row;
  return {
    id: run.id,
    truck: {
      id: truck.id,
      truckNumber: truck.truckNumber,
      capacityKg: Number(truck.capacityKg),
      capacityM3: truck.capacityM3 === null ? null : Number(truck.capacityM3),
    },
    driver,
    runDate: run.runDate,
    status: run.status,
    distanceKm: Number(run.distanceKm),
    durationMinutes: run.durationMinutes,
    orderCount: row.orderCount,
    progress: { done: row.done, total: row.total },
    startedAt: run.startedAt?.toISOString() ?? null,
    endedAt: run.endedAt?.toISOString() ?? null,
    createdAt: run.createdAt.toISOString(),
  };
}

const roundLoad = ({ kg, m3 }: { kg: number; m3: number }) => ({
  kg: roundToCents(kg),
  m3: Math.round(m3 * 1000) / 1000,
});

/** From where and when a run's stops are timed; absent for a run that is not timed. */
export interface RunTiming {
  position: RecordedPoint | null;
  now: Date;
}

/**
 * Stops as a screen shows them, with the load once each is done, the road from the one before
 * and, when timed, when the truck should reach each one still to do; the capacity is not needed
 * here, only the truck's (shown beside).
 */
export function toRunStops(
  stops: ReadonlyArray<Pick<RunStopRow, 'orderId' | 'kind'> & Partial<RunStopRow>>,
  ordersById: ReadonlyMap<string, RunStopOrder>,
  timing?: RunTiming,
): { startLoad: RunDetail['startLoad']; stops: RunStop[] } {
  const refs = stops.map(({ orderId, kind }) => ({ orderId, kind }));
  const profile = runLoadProfile(refs, [...ordersById.values()].map(loadItemOf));
  const { legsKm } = measureStops(null, refs, ordersById);
  const etas =
    timing &&
    runEtas(
      stops.map((stop) => ({
        stop: {
          orderId: stop.orderId,
          kind: stop.kind,
          outcome: stop.outcome ?? null,
          doneAt: stop.doneAt ?? null,
        },
        order: ordersById.get(stop.orderId)!,
      })),
      timing.position,
      timing.now,
    );
  return {
    startLoad: roundLoad(profile[0]!),
    stops: stops.map((stop, index) => {
      const order = ordersById.get(stop.orderId)!;
      return {
        ...toStopPlace(stop, order, index),
        loadAfter: roundLoad(profile[index + 1]!),
        legKm: roundToCents(legsKm[index] ?? 0),
        etaAt: etas?.etaAt[index]?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * A run is timed once it has started, and before that from its day on (Morocco's day, `today`):
 * a run planned for a later day has no arrival to give yet, an ended one none left.
 */
export function isTimed(run: Pick<RunRow, 'status' | 'runDate'>, today: string): boolean {
  return run.status === 'started' || (run.status === 'planned' && run.runDate <= today);
}

/** A run with its stops, as its page and the live map show it. */
export function toRunDetail(
  summary: RunSummaryRow,
  stops: ReadonlyArray<RunStopRow>,
  ordersById: ReadonlyMap<string, RunStopOrder>,
  timing?: RunTiming,
): RunDetail {
  return { ...toRunSummary(summary), ...toRunStops(stops, ordersById, timing) };
}

export const runCsvColumns: readonly CsvColumn<RunSummary>[] = [
  { header: 'runs.csv_date', value: (run) => run.runDate },
  { header: 'runs.csv_status', value: (run) => run.status },
  { header: 'runs.csv_truck', value: (run) => run.truck.truckNumber },
  { header: 'runs.csv_driver', value: (run) => run.driver.fullName },
  { header: 'runs.csv_orders', value: (run) => run.orderCount },
  { header: 'runs.csv_stops_done', value: (run) => run.progress.done },
  { header: 'runs.csv_stops', value: (run) => run.progress.total },
  { header: 'runs.csv_distance_km', value: (run) => run.distanceKm },
  { header: 'runs.csv_duration_minutes', value: (run) => run.durationMinutes },
];
