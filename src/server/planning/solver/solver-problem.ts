import { checkRunStops, LOAD_TOLERANCE, type RunLoadItem } from '#shared/run-loads';
import type { SolverInput, SolverJob, UnassignedReason } from './solver-types';

/**
 * The solver's working copy of its input: locations renumbered densely with every distance read
 * once into one typed matrix, jobs and vehicles as typed arrays. A stop is a number: job × 2 for
 * its pickup, job × 2 + 1 for its delivery.
 */
export interface SolverProblem {
  jobCount: number;
  vehicleCount: number;
  locationCount: number;
  /** distances[from × locationCount + to], dense locations. */
  distances: Float64Array;
  /** Dense location of each stop; -1 for the pickup of a job on board. */
  stopLocation: Int32Array;
  jobKg: Float64Array;
  jobM3: Float64Array;
  onBoard: Uint8Array;
  /** The vehicle a job's stops are fixed in, or -1. */
  fixedVehicle: Int32Array;
  /** Why a job fits no vehicle even alone, or null. */
  unfitReason: Array<UnassignedReason | null>;
  /** Other jobs, nearest first (the ruin's strings start from them). */
  neighbours: Int32Array[];
  vehicleStart: Int32Array;
  vehicleReturns: Uint8Array;
  /** Capacity plus LOAD_TOLERANCE; Infinity when the volume is not limited. */
  capacityKg: Float64Array;
  capacityM3: Float64Array;
  /** Vehicles alike when empty (start, capacities, return) share a class: one is tried for all. */
  vehicleClass: Int32Array;
  fixedStops: number[][];
}

function reasonJobFitsNoVehicle(input: SolverInput, job: SolverJob): UnassignedReason | null {
  const holdsVolume = (m3: number | null) => m3 === null || job.m3 <= m3 + LOAD_TOLERANCE;
  const carries = (kg: number) => job.kg <= kg + LOAD_TOLERANCE;
  if (input.vehicles.some((v) => carries(v.capacityKg) && holdsVolume(v.capacityM3))) return null;
  if (!input.vehicles.some((v) => holdsVolume(v.capacityM3))) return 'too-large';
  return 'too-heavy';
}

function indexFixedStops(input: SolverInput, jobIndex: Map<string, number>): number[][] {
  const taken = new Set<string>();
  return input.vehicles.map((vehicle) => {
    const stops = vehicle.fixedStops ?? [];
    const jobsOfRun = [...new Set(stops.map((stop) => stop.orderId))];
    const items: RunLoadItem[] = jobsOfRun.map((orderId) => {
      const index = jobIndex.get(orderId);
      if (index === undefined) throw new Error(`fixed stop of unknown job ${orderId}`);
      if (taken.has(orderId)) throw new Error(`job ${orderId} is fixed in two vehicles`);
      taken.add(orderId);
      const job = input.jobs[index];
      return { orderId, kg: job.kg, m3: job.m3, onBoard: job.pickup === null };
    });
    const capacity = { kg: vehicle.capacityKg, m3: vehicle.capacityM3 };
    const problems = checkRunStops(stops, items, capacity);
    if (problems.length > 0) {
      throw new Error(
        `fixed stops of vehicle ${vehicle.id} are not a valid run: ${problems[0].code}`,
      );
    }
    return stops.map((stop) => jobIndex.get(stop.orderId)! * 2 + (stop.kind === 'pickup' ? 0 : 1));
  });
}

/** Jobs nearest first, by their deliveries and, when both have one, their pickups. */
function sortNeighbours(problem: SolverProblem): Int32Array[] {
  const { jobCount, locationCount, distances, stopLocation } = problem;
  const gap = (a: number, b: number): number => {
    const delivery = distances[stopLocation[a * 2 + 1] * locationCount + stopLocation[b * 2 + 1]];
    const pickupA = stopLocation[a * 2];
    const pickupB = stopLocation[b * 2];
    if (pickupA < 0 || pickupB < 0) return delivery;
    return (delivery + distances[pickupA * locationCount + pickupB]) / 2;
  };
  const neighbours: Int32Array[] = [];
  for (let job = 0; job < jobCount; job += 1) {
    const others: number[] = [];
    for (let other = 0; other < jobCount; other += 1) if (other !== job) others.push(other);
    const gaps = new Float64Array(jobCount);
    for (const other of others) gaps[other] = gap(job, other);
    others.sort((a, b) => gaps[a] - gaps[b] || a - b);
    neighbours.push(Int32Array.from(others));
  }
  return neighbours;
}

function classifyVehicles(input: SolverInput, fixedStops: number[][]): Int32Array {
  const classes = new Map<string, number>();
  return Int32Array.from(input.vehicles, (vehicle, index) => {
    const key =
      fixedStops[index].length > 0
        ? `fixed:${index}`
        : `${vehicle.start}|${vehicle.returnToStart}|${vehicle.capacityKg}|${vehicle.capacityM3}`;
    if (!classes.has(key)) classes.set(key, classes.size);
    return classes.get(key)!;
  });
}

export function buildSolverProblem(input: SolverInput): SolverProblem {
  const jobIndex = new Map<string, number>();
  input.jobs.forEach((job, index) => {
    if (jobIndex.has(job.id)) throw new Error(`job ${job.id} is given twice`);
    jobIndex.set(job.id, index);
  });
  const dense = new Map<number, number>();
  const denseOf = (location: number): number => {
    if (!dense.has(location)) dense.set(location, dense.size);
    return dense.get(location)!;
  };
  const vehicleStart = Int32Array.from(input.vehicles, (vehicle) => denseOf(vehicle.start));
  const jobCount = input.jobs.length;
  const stopLocation = new Int32Array(jobCount * 2);
  input.jobs.forEach((job, index) => {
    stopLocation[index * 2] = job.pickup === null ? -1 : denseOf(job.pickup);
    stopLocation[index * 2 + 1] = denseOf(job.delivery);
  });
  const locations = [...dense.keys()];
  const locationCount = locations.length;
  const distances = new Float64Array(locationCount * locationCount);
  for (let from = 0; from < locationCount; from += 1) {
    for (let to = 0; to < locationCount; to += 1) {
      if (from !== to)
        distances[from * locationCount + to] = input.distance(locations[from], locations[to]);
    }
  }
  const fixedStops = indexFixedStops(input, jobIndex);
  const fixedVehicle = new Int32Array(jobCount).fill(-1);
  fixedStops.forEach((stops, vehicle) => {
    for (const stop of stops) fixedVehicle[stop >> 1] = vehicle;
  });
  const problem: SolverProblem = {
    jobCount,
    vehicleCount: input.vehicles.length,
    locationCount,
    distances,
    stopLocation,
    jobKg: Float64Array.from(input.jobs, (job) => job.kg),
    jobM3: Float64Array.from(input.jobs, (job) => job.m3),
    onBoard: Uint8Array.from(input.jobs, (job) => (job.pickup === null ? 1 : 0)),
    fixedVehicle,
    unfitReason: input.jobs.map((job, index) =>
      fixedVehicle[index] >= 0 ? null : reasonJobFitsNoVehicle(input, job),
    ),
    neighbours: [],
    vehicleStart,
    vehicleReturns: Uint8Array.from(input.vehicles, (vehicle) => (vehicle.returnToStart ? 1 : 0)),
    capacityKg: Float64Array.from(input.vehicles, (v) => v.capacityKg + LOAD_TOLERANCE),
    capacityM3: Float64Array.from(input.vehicles, (v) =>
      v.capacityM3 === null ? Infinity : v.capacityM3 + LOAD_TOLERANCE,
    ),
    vehicleClass: classifyVehicles(input, fixedStops),
    fixedStops,
  };
  problem.neighbours = sortNeighbours(problem);
  return problem;
}
