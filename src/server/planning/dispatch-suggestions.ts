import { toBusinessDate } from '#shared/business-calendar';
import { findDispatchProblems } from '#shared/fleet-rules';
import type { Locale } from '#shared/i18n/locales';
import { message, type Message } from '#shared/i18n/message-key';
import { roundToCents } from '#shared/numbers';
import { straightLineDistanceKm, type LatLng } from '#shared/pricing';
import { checkRunStops, runLoadProfile, type RunStopRef } from '#shared/run-loads';
import {
  appendOrders,
  capacityOf,
  loadItemOf,
  pointOf,
  type RunOrderFacts,
} from '#shared/run-stops';
import type { DispatchSuggestion } from '#shared/schemas/run-schemas';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { conflict, messageTextIn, notFound } from '../http/errors';
import { cheapestInsertion, type DistanceFunction, type SolverJob } from './solver/solve-routes';
import {
  findOrderRunFacts,
  listCandidateTrucks,
  listStandingStops,
  type CandidateTruckRow,
} from './dispatch-suggestion-queries';
import { POSITION_FRESH_MS } from './stop-ordering';

/** How many combinations the office is offered (issue 27, "Dispatch suggestions"). */
export const SUGGESTION_COUNT = 3;
/** A run not yet started: its standing stops in order and their orders. */
export interface PlannedRunStops {
  stops: RunStopRef[];
  orders: RunOrderFacts[];
}

/** A candidate as ranked, before its reasons are put in words. */
export interface RankedCandidate {
  suggestion: Omit<DispatchSuggestion, 'reasons'>;
  reasons: Message[];
  /** The road km the order adds: the detour for a planned run, else the distance to the pickup. */
  addedKm: number | null;
}

/**
 * The order's pickup and delivery in the run at its cheapest place (#server/planning/solver's
 * cheapestInsertion), or alone on an empty run; null when it does not fit. Location 0 is the
 * truck's position, or a start at no distance from anything when it has none, which is how a
 * run's distance is measured without one (#shared/run-stops' measureStops); a leg from an
 * order's pickup to its own delivery is its route as priced, any other the straight line times
 * the road factor, as measureStops does.
 */
export function insertOrder(
  order: RunOrderFacts,
  run: PlannedRunStops,
  capacity: ReturnType<typeof capacityOf>,
  start: LatLng | null,
): { stops: RunStopRef[]; addedKm: number } | null {
  const orders = [...run.orders, order];
  const jobs: SolverJob[] = orders.map((facts, index) => {
    const item = loadItemOf(facts);
    return {
      id: facts.id,
      pickup: 1 + index * 2,
      delivery: 2 + index * 2,
      kg: item.kg,
      m3: item.m3,
    };
  });
  const distance: DistanceFunction = (from, to) => {
    if (to === 0) return 0;
    const toOrder = orders[(to - 1) >> 1]!;
    const toPoint = pointOf(toOrder, to % 2 === 1 ? 'pickup' : 'delivery');
    if (from === 0) return start ? straightLineDistanceKm(start, toPoint) : 0;
    const fromOrder = orders[(from - 1) >> 1]!;
    if (from % 2 === 1 && to === from + 1) return Number(fromOrder.distanceKm);
    return straightLineDistanceKm(
      pointOf(fromOrder, from % 2 === 1 ? 'pickup' : 'delivery'),
      toPoint,
    );
  };
  const inserted = cheapestInsertion(
    {
      id: 'truck',
      capacityKg: capacity.kg,
      capacityM3: capacity.m3,
      start: 0,
      returnToStart: false,
    },
    run.stops,
    jobs.at(-1)!,
    jobs.slice(0, -1),
    distance,
  );
  if (!inserted) return null;
  // The solver's rule and the product's must agree: checkRunStops is what dispatch applies.
  if (checkRunStops(inserted.stops, orders.map(loadItemOf), capacity).length > 0) return null;
  return { stops: inserted.stops, addedKm: roundToCents(inserted.addedDistance) };
}

function byAddedKmThenPlate(a: RankedCandidate, b: RankedCandidate): number {
  if (a.addedKm !== b.addedKm) {
    if (a.addedKm === null) return 1;
    if (b.addedKm === null) return -1;
    return a.addedKm - b.addedKm;
  }
  return a.suggestion.truckNumber.localeCompare(b.suggestion.truckNumber);
}

/**
 * Every truck that may take the order, explained, best first: documents valid today, room for it
 * at every point of its run, a run not started (or none). `runs` holds the stops of every
 * candidate's planned run. Pure, for the service and its tests.
 */
export function rankCandidates(
  order: RunOrderFacts,
  candidates: readonly CandidateTruckRow[],
  runs: ReadonlyMap<string, PlannedRunStops>,
  today: string,
): RankedCandidate[] {
  const ranked: RankedCandidate[] = [];
  const pickup = pointOf(order, 'pickup');
  for (const { truck, driver, run, position } of candidates) {
    if (run && run.status !== 'planned') continue;
    const problems = findDispatchProblems(
      {
        truckNumber: truck.truckNumber,
        capacityKg: Number(truck.capacityKg),
        licenseExpire: driver.licenseExpire,
        technicalDate: truck.technicalDate,
      },
      Number(order.weightKg),
      today,
    );
    if (problems.length > 0) continue;
    const capacity = capacityOf(truck);
    const planned = run
      ? (runs.get(run.id) ?? { stops: [], orders: [] })
      : { stops: [], orders: [] };
    const start: LatLng | null = position;
    const inserted = insertOrder(order, planned, capacity, start);
    if (!inserted) continue;
    const profile = runLoadProfile(inserted.stops, [...planned.orders, order].map(loadItemOf));
    const peakKg = Math.max(...profile.map((load) => load.kg));
    const peakM3 = Math.max(...profile.map((load) => load.m3));
    const capacityLeftKg = roundToCents(capacity.kg - peakKg);
    const capacityLeftM3 = capacity.m3 === null ? null : roundToCents(capacity.m3 - peakM3);
    const lastStop = planned.stops.at(-1);
    const lastOrder = lastStop && planned.orders.find((facts) => facts.id === lastStop.orderId);
    const from = start ?? (lastStop && lastOrder ? pointOf(lastOrder, lastStop.kind) : null);
    const distanceKm = from ? straightLineDistanceKm(from, pickup) : null;
    const detourKm = run ? inserted.addedKm : null;
    const reasons: Message[] = [
      capacityLeftM3 === null
        ? message('runs.suggest_fits', { left: capacityLeftKg })
        : message('runs.suggest_fits_volume', { left: capacityLeftKg, m3: capacityLeftM3 }),
      message('runs.suggest_documents'),
      message('runs.suggest_driver_active'),
      distanceKm === null
        ? message('runs.suggest_distance_unknown')
        : start
          ? message('runs.suggest_distance', { km: distanceKm })
          : message('runs.suggest_distance_from_run', { km: distanceKm }),
      run
        ? message('runs.suggest_detour', {
            km: detourKm ?? 0,
            count: new Set(planned.orders.map((facts) => facts.id)).size,
          })
        : message('runs.suggest_free'),
    ];
    ranked.push({
      suggestion: {
        truckId: truck.id,
        truckNumber: truck.truckNumber,
        driverId: driver.id,
        driverName: driver.fullName,
        distanceKm,
        detourKm,
        capacityLeftKg,
        capacityLeftM3,
        runId: run?.id ?? null,
      },
      reasons,
      addedKm: run ? detourKm : distanceKm,
    });
  }
  return ranked.sort(byAddedKmThenPlate);
}

/**
 * Whether the order fits the run once its pickup and delivery follow the run's stops: what the
 * Confirmation's dispatch does when it joins a run (src/server/orders/order-lifecycle.ts,
 * arrangeRun), checked with the same rule.
 */
export function fitsAtRunEnd(
  order: RunOrderFacts,
  run: PlannedRunStops,
  capacity: ReturnType<typeof capacityOf>,
): boolean {
  const stops = appendOrders(run.stops, [order.id]);
  return checkRunStops(stops, [...run.orders, order].map(loadItemOf), capacity).length === 0;
}

/** The order's status and its facts for a run's load and road; undefined when unknown. */
export const readOrderRunFacts = findOrderRunFacts;

/** The stops of the runs not yet started, by run. */
export async function readPlannedRuns(
  db: Database,
  runIds: readonly string[],
): Promise<Map<string, PlannedRunStops>> {
  const rows = await listStandingStops(db, runIds);
  const byRun = new Map<string, PlannedRunStops>();
  for (const row of rows) {
    const run = byRun.get(row.runId) ?? { stops: [], orders: [] };
    run.stops.push({ orderId: row.order.id, kind: row.kind });
    if (!run.orders.some((facts) => facts.id === row.order.id)) run.orders.push(row.order);
    byRun.set(row.runId, run);
  }
  return byRun;
}

/**
 * Dispatch suggestions (issue 27, item 3; docs/decisions/0024-runs-and-planning.md, "Dispatch suggestions"): the best
 * truck-driver combinations for a pending order, each with why.
 */
export function createDispatchSuggestions({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    async suggest(orderId: string, locale: Locale): Promise<DispatchSuggestion[]> {
      const order = isUuid(orderId) ? await findOrderRunFacts(db, orderId) : undefined;
      if (!order) throw notFound('order.not_found');
      if (order.status !== 'PENDING') throw conflict('runs.suggest_not_pending');
      const now = clock();
      const candidates = await listCandidateTrucks(db, new Date(now.getTime() - POSITION_FRESH_MS));
      const plannedRunIds = candidates.flatMap(({ run }) =>
        run?.status === 'planned' ? [run.id] : [],
      );
      const runs = await readPlannedRuns(db, plannedRunIds);
      return rankCandidates(order, candidates, runs, toBusinessDate(now))
        .slice(0, SUGGESTION_COUNT)
        .map(({ suggestion, reasons }) => ({
          ...suggestion,
          reasons: reasons.map((reason) => messageTextIn(locale, reason)),
        }));
    },
  };
}

export type DispatchSuggestions = ReturnType<typeof createDispatchSuggestions>;
