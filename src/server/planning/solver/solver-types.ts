import type { RunStopRef } from '#shared/run-loads';

/** Distance from location `from` to location `to` (the product: metres; the benchmark: CVRPLIB's). */
export type DistanceFunction = (from: number, to: number) => number;

export interface SolverVehicle {
  id: string;
  capacityKg: number;
  /** null: the volume is not limited. */
  capacityM3: number | null;
  /** Location index where the vehicle is when its run starts. */
  start: number;
  /** CVRP: true; the product's runs: false (the run ends at its last stop). */
  returnToStart: boolean;
  /**
   * Stops it already has (a run not yet started), kept in this relative order; new stops go
   * around and between them. May be empty/undefined.
   */
  fixedStops?: RunStopRef[];
}

export interface SolverJob {
  /** The order's id. */
  id: string;
  /** Location index; null: loaded at the vehicle's start (on board). */
  pickup: number | null;
  /** Location index. */
  delivery: number;
  kg: number;
  m3: number;
}

export interface SolverInput {
  vehicles: SolverVehicle[];
  /** Every job, those of the vehicles' fixed stops included. */
  jobs: SolverJob[];
  distance: DistanceFunction;
  seed: number;
  /** A safety cap: when it stops the search, the answer depends on the machine's speed. */
  timeLimitMs: number;
  /** Stop after this many search iterations (reproducibility); default derived from the size. */
  maxIterations?: number;
}

/**
 * too-heavy: heavier than every vehicle's kg capacity (or than every vehicle that holds its
 * volume); too-large: bigger than every vehicle's m³; no-room: fits a vehicle alone but not with
 * the others.
 */
export type UnassignedReason = 'too-heavy' | 'too-large' | 'no-room';

export interface SolverRoute {
  vehicleId: string;
  stops: RunStopRef[];
  distance: number;
}

export interface SolverResult {
  /** One per vehicle, in the input's order, possibly empty. */
  routes: SolverRoute[];
  unassigned: Array<{ jobId: string; reason: UnassignedReason }>;
  totalDistance: number;
  iterations: number;
}
