import type { SolverProblem } from './solver-problem';

/**
 * One vehicle's stops with what the search reads at every insertion: the load after each
 * position (position 0 is the start, position k the k-th stop) and the route's distance.
 */
export interface WorkingRoute {
  vehicle: number;
  stops: number[];
  loadKg: number[];
  loadM3: number[];
  distance: number;
}

export function createRoute(
  problem: SolverProblem,
  vehicle: number,
  stops: number[],
): WorkingRoute {
  const route: WorkingRoute = { vehicle, stops, loadKg: [], loadM3: [], distance: 0 };
  measureRoute(problem, route);
  return route;
}

export function copyRoute(route: WorkingRoute): WorkingRoute {
  return {
    vehicle: route.vehicle,
    stops: route.stops.slice(),
    loadKg: route.loadKg.slice(),
    loadM3: route.loadM3.slice(),
    distance: route.distance,
  };
}

/** Location of position k: the vehicle's start for 0, else the k-th stop's. */
export function locationAt(problem: SolverProblem, route: WorkingRoute, position: number): number {
  if (position === 0) return problem.vehicleStart[route.vehicle];
  return problem.stopLocation[route.stops[position - 1]];
}

/** Location after position k: the next stop, the start again on a closed route's end, or -1. */
export function locationAfter(
  problem: SolverProblem,
  route: WorkingRoute,
  position: number,
): number {
  if (position < route.stops.length) return problem.stopLocation[route.stops[position]];
  return problem.vehicleReturns[route.vehicle] === 1 ? problem.vehicleStart[route.vehicle] : -1;
}

/** Recomputes the loads and the distance after the stops changed. */
export function measureRoute(problem: SolverProblem, route: WorkingRoute): void {
  const { stops } = route;
  const { distances, locationCount, stopLocation, jobKg, jobM3, onBoard } = problem;
  let kg = 0;
  let m3 = 0;
  for (const stop of stops) {
    const job = stop >> 1;
    if ((stop & 1) === 1 && onBoard[job] === 1) {
      kg += jobKg[job];
      m3 += jobM3[job];
    }
  }
  const loadKg = [kg];
  const loadM3 = [m3];
  let distance = 0;
  let from = problem.vehicleStart[route.vehicle];
  for (const stop of stops) {
    const job = stop >> 1;
    const sign = (stop & 1) === 0 ? 1 : -1;
    kg += sign * jobKg[job];
    m3 += sign * jobM3[job];
    loadKg.push(kg);
    loadM3.push(m3);
    const to = stopLocation[stop];
    distance += distances[from * locationCount + to];
    from = to;
  }
  if (problem.vehicleReturns[route.vehicle] === 1) {
    distance += distances[from * locationCount + problem.vehicleStart[route.vehicle]];
  }
  route.loadKg = loadKg;
  route.loadM3 = loadM3;
  route.distance = distance;
}
