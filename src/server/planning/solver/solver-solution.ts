import type { SolverProblem } from './solver-problem';
import { copyRoute, createRoute, type WorkingRoute } from './solver-route';

/** A plan the search holds: one route per vehicle and the jobs in none. */
export interface SolverSolution {
  routes: WorkingRoute[];
  /** Jobs that fit some vehicle alone but are in no route. */
  unassigned: number[];
  /** 1 for a route this solution owns; the others are shared with the plan it was copied from. */
  owned: Uint8Array;
}

/** The fixed stops only: what every solution starts from. */
export function createFixedSolution(problem: SolverProblem): SolverSolution {
  const routes = problem.fixedStops.map((stops, vehicle) =>
    createRoute(problem, vehicle, stops.slice()),
  );
  return { routes, unassigned: [], owned: new Uint8Array(routes.length).fill(1) };
}

/**
 * A copy that shares its routes until one is edited (editRoute): an iteration changes a few
 * routes of many, and copying them all cost more than the move.
 */
export function copySolution(solution: SolverSolution): SolverSolution {
  return {
    routes: solution.routes.slice(),
    unassigned: solution.unassigned.slice(),
    owned: new Uint8Array(solution.routes.length),
  };
}

/** Route r, copied first if it is still shared, to be changed in place. */
export function editRoute(solution: SolverSolution, r: number): WorkingRoute {
  if (solution.owned[r] === 0) {
    solution.routes[r] = copyRoute(solution.routes[r]);
    solution.owned[r] = 1;
  }
  return solution.routes[r];
}

export function sumDistance(solution: SolverSolution): number {
  let total = 0;
  for (const route of solution.routes) total += route.distance;
  return total;
}

/**
 * The search's cost: the distance plus, for each unassigned job, more than any set of routes
 * can measure, so that placing one more job always wins (issue 27, the objective).
 */
export function measureCost(solution: SolverSolution, unassignedPenalty: number): number {
  return sumDistance(solution) + solution.unassigned.length * unassignedPenalty;
}

/** More than the longest routes could add up to: every edge at the longest distance, and one. */
export function computeUnassignedPenalty(problem: SolverProblem): number {
  let longest = 0;
  for (const distance of problem.distances) if (distance > longest) longest = distance;
  return (longest + 1) * (problem.jobCount * 2 + problem.vehicleCount + 1);
}
