import { describe, expect, it } from 'vitest';
import type { RunStopRef } from '#shared/run-loads';
import { cheapestInsertion, solveRoutes, type SolverInput, type SolverJob } from './solve-routes';

/** Locations on a line: location i is at i km, distances in metres. */
const alongLine = (from: number, to: number) => Math.abs(from - to) * 1000;

const depotVehicle = (id: string, capacityKg: number) => ({
  id,
  capacityKg,
  capacityM3: null,
  start: 0,
  returnToStart: true,
});

const delivery = (orderId: string): RunStopRef => ({ orderId, kind: 'delivery' });
const pickup = (orderId: string): RunStopRef => ({ orderId, kind: 'pickup' });

function onBoardJob(id: string, at: number, kg: number): SolverJob {
  return { id, pickup: null, delivery: at, kg, m3: 0 };
}

describe('solveRoutes', () => {
  it('splits deliveries from a depot between trucks by capacity, each side of it', () => {
    const input: SolverInput = {
      vehicles: [depotVehicle('t1', 10), depotVehicle('t2', 10)],
      jobs: [
        onBoardJob('a', 1, 5),
        onBoardJob('b', 2, 5),
        onBoardJob('c', 8, 5),
        onBoardJob('d', 9, 5),
      ],
      distance: alongLine,
      seed: 1,
      timeLimitMs: 10_000,
      maxIterations: 200,
    };
    const result = solveRoutes(input);
    expect(result.unassigned).toEqual([]);
    expect(result.totalDistance).toBe(2 * 2000 + 2 * 9000);
    const ids = result.routes.map((route) => route.stops.map((stop) => stop.orderId).sort());
    expect(ids).toContainEqual(['a', 'b']);
    expect(ids).toContainEqual(['c', 'd']);
    expect(result.iterations).toBe(200);
  });

  it('delivers before the next pickup when the truck cannot hold both', () => {
    const input: SolverInput = {
      vehicles: [{ id: 't', capacityKg: 100, capacityM3: 5, start: 0, returnToStart: false }],
      jobs: [
        { id: 'a', pickup: 1, delivery: 5, kg: 60, m3: 1 },
        { id: 'b', pickup: 2, delivery: 6, kg: 60, m3: 1 },
      ],
      distance: alongLine,
      seed: 3,
      timeLimitMs: 10_000,
      maxIterations: 100,
    };
    const { routes } = solveRoutes(input);
    expect(routes[0].stops).toEqual([pickup('a'), delivery('a'), pickup('b'), delivery('b')]);
    expect(routes[0].distance).toBe(1000 + 4000 + 3000 + 4000);
  });

  it('says why a job is left out: too heavy, too large, or no room beside the others', () => {
    const input: SolverInput = {
      vehicles: [{ id: 't', capacityKg: 100, capacityM3: 2, start: 0, returnToStart: false }],
      jobs: [
        { id: 'heavy', pickup: 1, delivery: 2, kg: 101, m3: 1 },
        { id: 'large', pickup: 1, delivery: 2, kg: 10, m3: 2.5 },
        onBoardJob('first', 3, 70),
        onBoardJob('second', 4, 70),
      ],
      distance: alongLine,
      seed: 1,
      timeLimitMs: 10_000,
      maxIterations: 50,
    };
    const result = solveRoutes(input);
    expect(result.unassigned).toEqual([
      { jobId: 'heavy', reason: 'too-heavy' },
      { jobId: 'large', reason: 'too-large' },
      { jobId: expect.stringMatching(/first|second/), reason: 'no-room' },
    ]);
    expect(result.routes[0].stops).toHaveLength(1);
  });

  it('keeps fixed stops in their order and puts new ones around them', () => {
    const fixedStops = [pickup('x'), delivery('x'), delivery('y')];
    const input: SolverInput = {
      vehicles: [
        { id: 't', capacityKg: 1000, capacityM3: null, start: 0, returnToStart: false, fixedStops },
      ],
      jobs: [
        { id: 'x', pickup: 9, delivery: 1, kg: 10, m3: 0 },
        onBoardJob('y', 8, 10),
        { id: 'z', pickup: 2, delivery: 7, kg: 10, m3: 0 },
      ],
      distance: alongLine,
      seed: 5,
      timeLimitMs: 10_000,
      maxIterations: 100,
    };
    const { routes } = solveRoutes(input);
    const kept = routes[0].stops.filter((stop) => stop.orderId !== 'z');
    expect(kept).toEqual(fixedStops);
    expect(routes[0].stops).toHaveLength(5);
  });

  it('refuses fixed stops that are not a valid run', () => {
    const input: SolverInput = {
      vehicles: [{ ...depotVehicle('t', 10), fixedStops: [delivery('a'), pickup('a')] }],
      jobs: [{ id: 'a', pickup: 1, delivery: 2, kg: 1, m3: 0 }],
      distance: alongLine,
      seed: 1,
      timeLimitMs: 10_000,
    };
    expect(() => solveRoutes(input)).toThrow(/not a valid run: delivery-before-pickup/);
  });

  it('gives the same answer for the same seed', () => {
    const jobs = Array.from({ length: 12 }, (_, index) => ({
      id: `o${index}`,
      pickup: index % 3 === 0 ? null : (index * 7) % 13,
      delivery: (index * 5) % 11,
      kg: 10 + index,
      m3: 0,
    }));
    const input: SolverInput = {
      vehicles: [depotVehicle('t1', 60), { ...depotVehicle('t2', 80), start: 6 }],
      jobs,
      distance: (from, to) => Math.abs(from * from - to * to),
      seed: 11,
      timeLimitMs: 10_000,
      maxIterations: 300,
    };
    expect(solveRoutes(input)).toEqual(solveRoutes(input));
  });
});

describe('cheapestInsertion', () => {
  const vehicle = { id: 't', capacityKg: 100, capacityM3: null, start: 0, returnToStart: false };
  const jobs: SolverJob[] = [{ id: 'a', pickup: 2, delivery: 6, kg: 50, m3: 0 }];
  const stops = [pickup('a'), delivery('a')];

  it('answers the stops with the job where it adds the least, and the detour', () => {
    const job: SolverJob = { id: 'b', pickup: 3, delivery: 4, kg: 50, m3: 0 };
    expect(cheapestInsertion(vehicle, stops, job, jobs, alongLine)).toEqual({
      stops: [pickup('a'), pickup('b'), delivery('b'), delivery('a')],
      addedDistance: 0,
    });
  });

  it('goes after the delivery when the truck would be too heavy, and null when it never fits', () => {
    const heavy: SolverJob = { id: 'b', pickup: 7, delivery: 8, kg: 60, m3: 0 };
    expect(cheapestInsertion(vehicle, stops, heavy, jobs, alongLine)).toEqual({
      stops: [pickup('a'), delivery('a'), pickup('b'), delivery('b')],
      addedDistance: 2000,
    });
    const tooHeavy: SolverJob = { ...heavy, kg: 101 };
    expect(cheapestInsertion(vehicle, stops, tooHeavy, jobs, alongLine)).toBeNull();
  });
});
