import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRunStops, LOAD_TOLERANCE, type RunStopRef } from '#shared/run-loads';
import { solveRoutes, type SolverInput, type SolverJob, type SolverVehicle } from './solve-routes';

const LOCATIONS = 10;

const vehicleArbitrary = fc.record({
  capacityKg: fc.integer({ min: 1, max: 120 }),
  capacityM3: fc.option(fc.integer({ min: 1, max: 60 }).map((tenths) => tenths / 10)),
  start: fc.integer({ min: 0, max: LOCATIONS - 1 }),
  returnToStart: fc.boolean(),
  fixedCount: fc.integer({ min: 0, max: 3 }),
});

const jobArbitrary = fc.record({
  pickup: fc.option(fc.integer({ min: 0, max: LOCATIONS - 1 }), { freq: 3 }),
  delivery: fc.integer({ min: 0, max: LOCATIONS - 1 }),
  kg: fc.integer({ min: 0, max: 800 }).map((tenths) => tenths / 10),
  m3: fc.integer({ min: 0, max: 40 }).map((tenths) => tenths / 10),
});

const caseArbitrary = fc.record({
  points: fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })), {
    minLength: LOCATIONS,
    maxLength: LOCATIONS,
  }),
  vehicles: fc.array(vehicleArbitrary, { minLength: 1, maxLength: 3 }),
  jobs: fc.array(jobArbitrary, { maxLength: 14 }),
  seed: fc.integer(),
});

function toItems(jobs: SolverJob[], stops: RunStopRef[]) {
  const ids = new Set(stops.map((stop) => stop.orderId));
  return jobs
    .filter((job) => ids.has(job.id))
    .map((job) => ({ orderId: job.id, kg: job.kg, m3: job.m3, onBoard: job.pickup === null }));
}

/**
 * A vehicle's fixed stops, as a run not yet started has them: its first jobs not yet taken, all
 * picked up then all delivered if that fits, else each delivered right after its pickup, else
 * none.
 */
function chooseFixedStops(
  vehicle: SolverVehicle,
  count: number,
  jobs: SolverJob[],
  taken: Set<string>,
): RunStopRef[] {
  const mine = jobs.filter((job) => !taken.has(job.id)).slice(0, count);
  const pickups = mine
    .filter((job) => job.pickup !== null)
    .map((job): RunStopRef => ({ orderId: job.id, kind: 'pickup' }));
  const deliveries = mine.map((job): RunStopRef => ({ orderId: job.id, kind: 'delivery' }));
  const paired = mine.flatMap((job): RunStopRef[] =>
    job.pickup === null
      ? [{ orderId: job.id, kind: 'delivery' }]
      : [
          { orderId: job.id, kind: 'pickup' },
          { orderId: job.id, kind: 'delivery' },
        ],
  );
  const capacity = { kg: vehicle.capacityKg, m3: vehicle.capacityM3 };
  for (const stops of [[...pickups, ...deliveries], paired]) {
    if (checkRunStops(stops, toItems(jobs, stops), capacity).length === 0) {
      for (const job of mine) taken.add(job.id);
      return stops;
    }
  }
  return [];
}

type GeneratedCase = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

function buildInput(generated: GeneratedCase): SolverInput {
  const jobs: SolverJob[] = generated.jobs.map((job, index) => ({ id: `o${index}`, ...job }));
  const taken = new Set<string>();
  const vehicles = generated.vehicles.map(({ fixedCount, ...rest }, index) => {
    const vehicle: SolverVehicle = { id: `t${index}`, ...rest };
    return { ...vehicle, fixedStops: chooseFixedStops(vehicle, fixedCount, jobs, taken) };
  });
  const { points } = generated;
  return {
    vehicles,
    jobs,
    distance: (from, to) =>
      Math.round(Math.hypot(points[from][0] - points[to][0], points[from][1] - points[to][1])),
    seed: generated.seed,
    timeLimitMs: 60_000,
    maxIterations: 40,
  };
}

describe('solveRoutes, for random trucks and orders', () => {
  it('keeps every load within capacity, every pickup first, fixed stops in order, each job once', () => {
    fc.assert(
      fc.property(caseArbitrary, (generated) => {
        const input = buildInput(generated);
        const result = solveRoutes(input);
        const placed = new Map<string, number>();
        result.routes.forEach((route, index) => {
          const vehicle = input.vehicles[index];
          expect(route.vehicleId).toBe(vehicle.id);
          const capacity = { kg: vehicle.capacityKg, m3: vehicle.capacityM3 };
          expect(checkRunStops(route.stops, toItems(input.jobs, route.stops), capacity)).toEqual(
            [],
          );
          const fixed = new Set((vehicle.fixedStops ?? []).map((stop) => stop.orderId));
          const kept = route.stops.filter((stop) => fixed.has(stop.orderId));
          expect(kept).toEqual(vehicle.fixedStops);
          for (const stop of route.stops) {
            if (stop.kind === 'delivery')
              placed.set(stop.orderId, (placed.get(stop.orderId) ?? 0) + 1);
          }
        });
        for (const { jobId, reason } of result.unassigned) {
          expect(placed.has(jobId)).toBe(false);
          placed.set(jobId, 1);
          const job = input.jobs.find((candidate) => candidate.id === jobId)!;
          const holds = (v: SolverVehicle) =>
            v.capacityM3 === null || job.m3 <= v.capacityM3 + LOAD_TOLERANCE;
          const carries = (v: SolverVehicle) => job.kg <= v.capacityKg + LOAD_TOLERANCE;
          const fitsAlone = input.vehicles.some((v) => holds(v) && carries(v));
          if (reason === 'no-room') expect(fitsAlone).toBe(true);
          else expect(fitsAlone).toBe(false);
          expect(reason === 'too-large').toBe(!fitsAlone && !input.vehicles.some(holds));
        }
        for (const job of input.jobs) expect(placed.get(job.id)).toBe(1);
        const sum = result.routes.reduce((total, route) => total + route.distance, 0);
        expect(result.totalDistance).toBeCloseTo(sum);
      }),
      { numRuns: 150 },
    );
  });

  it('gives the same answer for the same input and seed', () => {
    fc.assert(
      fc.property(caseArbitrary, (generated) => {
        const input = buildInput(generated);
        expect(solveRoutes(input)).toEqual(solveRoutes(input));
      }),
      { numRuns: 40 },
    );
  });
});
