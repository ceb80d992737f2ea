import type { RunStopRef } from '#shared/run-loads';
import { applyInsertion, findBestInsertion } from './best-insertion';
import { insertJobs, orderForInsertion } from './insert-jobs';
import { AVERAGE_REMOVED, ruinStrings } from './ruin-strings';
import { createSeededRandom } from './seeded-random';
import { buildSolverProblem, type SolverProblem } from './solver-problem';
import { createRoute } from './solver-route';
import {
  computeUnassignedPenalty,
  copySolution,
  createFixedSolution,
  measureCost,
  sumDistance,
  type SolverSolution,
} from './solver-solution';
import type {
  DistanceFunction,
  SolverInput,
  SolverJob,
  SolverResult,
  SolverVehicle,
} from './solver-types';

export type {
  DistanceFunction,
  SolverInput,
  SolverJob,
  SolverResult,
  SolverRoute,
  SolverVehicle,
  UnassignedReason,
} from './solver-types';

/**
 * Simulated annealing's temperature, as a share of the first plan's mean edge: it starts
 * accepting plans that long worse and cools to this (docs/decisions/0024, "The solver").
 */
const START_TEMPERATURE = 1;
const END_TEMPERATURE = 0.01;
/** Iterations per job when the caller gives no maxIterations, at most. */
const ITERATIONS_PER_JOB = 300;
const MIN_ITERATIONS = 1_000;
/**
 * The default's work budget, in insertion positions tried: well inside PLAN_TIME_LIMIT_MS's
 * default of 2 s even on a busy machine (docs/decisions/0024, "Determinism"), so that the
 * iteration count and not the clock ends a default search and the answer repeats.
 */
const DEFAULT_WORK_BUDGET = 200_000_000;
/** The clock is read every so many iterations: reading it each time costs more than a move. */
const CLOCK_EVERY = 32;

function toStopRefs(input: SolverInput, stops: number[]): RunStopRef[] {
  return stops.map((stop) => ({
    orderId: input.jobs[stop >> 1].id,
    kind: (stop & 1) === 0 ? 'pickup' : 'delivery',
  }));
}

function describeResult(
  problem: SolverProblem,
  input: SolverInput,
  solution: SolverSolution,
  iterations: number,
): SolverResult {
  const noRoom = new Set(solution.unassigned);
  const unassigned: SolverResult['unassigned'] = [];
  input.jobs.forEach((job, index) => {
    const reason = problem.unfitReason[index];
    if (reason !== null) unassigned.push({ jobId: job.id, reason });
    else if (noRoom.has(index)) unassigned.push({ jobId: job.id, reason: 'no-room' });
  });
  return {
    routes: solution.routes.map((route) => ({
      vehicleId: input.vehicles[route.vehicle].id,
      stops: toStopRefs(input, route.stops),
      distance: route.distance,
    })),
    unassigned,
    totalDistance: sumDistance(solution),
    iterations,
  };
}

/**
 * The default iteration count: ITERATIONS_PER_JOB per job, fewer when each iteration costs more:
 * a recreate tries about AVERAGE_REMOVED jobs in every used route, at every position (on board) or
 * every pair of positions (pickup and delivery).
 */
function countDefaultIterations(
  problem: SolverProblem,
  solution: SolverSolution,
  jobs: number,
): number {
  let positions = problem.vehicleCount;
  for (const route of solution.routes) {
    const size = route.stops.length + 1;
    positions += route.stops.some((stop) => (stop & 1) === 0) ? (size * size) / 2 : size;
  }
  const affordable = Math.floor(DEFAULT_WORK_BUDGET / (AVERAGE_REMOVED * positions));
  return Math.max(MIN_ITERATIONS, Math.min(ITERATIONS_PER_JOB * jobs, affordable));
}

/** The mean edge of a plan: the scale the temperatures are given in. */
function measureMeanEdge(solution: SolverSolution, problem: SolverProblem): number {
  let edges = 0;
  for (const route of solution.routes) {
    if (route.stops.length > 0) edges += route.stops.length + problem.vehicleReturns[route.vehicle];
  }
  return edges === 0 ? 0 : sumDistance(solution) / edges;
}

/**
 * Plans the jobs on the vehicles (issue 27, "Planning"): as many jobs as possible, then the
 * least distance; every pickup before its delivery, every load within capacity, fixed stops in
 * their order. A cheapest-insertion construction, then SISR's ruin and recreate under simulated
 * annealing (docs/decisions/0024-runs-and-planning.md, "The solver"). Same input, seed and
 * maxIterations → same answer, unless timeLimitMs stops it first.
 */
export function solveRoutes(input: SolverInput): SolverResult {
  const deadline = performance.now() + input.timeLimitMs;
  const problem = buildSolverProblem(input);
  const random = createSeededRandom(input.seed);
  const free: number[] = [];
  for (let job = 0; job < problem.jobCount; job += 1) {
    if (problem.fixedVehicle[job] < 0 && problem.unfitReason[job] === null) free.push(job);
  }
  let current = createFixedSolution(problem);
  const heaviestFirst = free.slice().sort((a, b) => problem.jobKg[b] - problem.jobKg[a] || a - b);
  insertJobs(problem, current, heaviestFirst, null);
  if (free.length === 0) return describeResult(problem, input, current, 0);

  const penalty = computeUnassignedPenalty(problem);
  const maxIterations =
    input.maxIterations ?? countDefaultIterations(problem, current, free.length);
  const meanEdge = measureMeanEdge(current, problem);
  const startTemperature = START_TEMPERATURE * meanEdge;
  const cooling = END_TEMPERATURE / START_TEMPERATURE;
  let currentCost = measureCost(current, penalty);
  let best = current;
  let bestCost = currentCost;
  let iterations = 0;
  while (iterations < maxIterations) {
    if (iterations % CLOCK_EVERY === 0 && performance.now() > deadline) break;
    const temperature = startTemperature * cooling ** (iterations / maxIterations);
    const candidate = copySolution(current);
    const removed = ruinStrings(problem, candidate, random);
    const again = removed.concat(candidate.unassigned);
    candidate.unassigned = [];
    insertJobs(problem, candidate, orderForInsertion(problem, again, random), random);
    const cost = measureCost(candidate, penalty);
    if (cost < currentCost - temperature * Math.log(1 - random.next())) {
      current = candidate;
      currentCost = cost;
      if (cost < bestCost) {
        best = candidate;
        bestCost = cost;
      }
    }
    iterations += 1;
  }
  return describeResult(problem, input, best, iterations);
}

/**
 * The cheapest feasible insertion of one job into one vehicle's current stops, kept in their
 * order (dispatch suggestions: "the detour it adds"); null when it does not fit. `jobs` holds the
 * jobs of `stops`.
 */
export function cheapestInsertion(
  vehicle: SolverVehicle,
  stops: RunStopRef[],
  job: SolverJob,
  jobs: SolverJob[],
  distance: DistanceFunction,
): { stops: RunStopRef[]; addedDistance: number } | null {
  const inRun = new Set(stops.map((stop) => stop.orderId));
  if (inRun.has(job.id)) throw new Error(`job ${job.id} is already in these stops`);
  const input: SolverInput = {
    vehicles: [{ ...vehicle, fixedStops: stops }],
    jobs: [...jobs.filter((other) => inRun.has(other.id)), job],
    distance,
    seed: 0,
    timeLimitMs: Infinity,
  };
  const problem = buildSolverProblem(input);
  const index = input.jobs.length - 1;
  if (problem.unfitReason[index] !== null) return null;
  const route = createRoute(problem, 0, problem.fixedStops[0].slice());
  const insertion = findBestInsertion(problem, route, index, Infinity, null);
  if (insertion === null) return null;
  applyInsertion(problem, route, index, insertion);
  return { stops: toStopRefs(input, route.stops), addedDistance: insertion.addedDistance };
}
