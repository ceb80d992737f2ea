import type { SeededRandom } from './seeded-random';
import type { SolverProblem } from './solver-problem';
import { measureRoute } from './solver-route';
import { editRoute, type SolverSolution } from './solver-solution';

/** SISR's ruin (docs/decisions/0024): about AVERAGE_REMOVED jobs, strings of at most MAX_STRING stops. */
export const AVERAGE_REMOVED = 10;
const MAX_STRING = 10;

/**
 * Removes strings of consecutive stops from routes near a random job, with every job one of
 * them belongs to (both its stops); fixed stops stay. Returns the removed jobs.
 */
export function ruinStrings(
  problem: SolverProblem,
  solution: SolverSolution,
  random: SeededRandom,
): number[] {
  const routeOf = new Int32Array(problem.jobCount).fill(-1);
  let stopCount = 0;
  let usedRoutes = 0;
  solution.routes.forEach((route, r) => {
    if (route.stops.length === 0) return;
    usedRoutes += 1;
    stopCount += route.stops.length;
    for (const stop of route.stops) routeOf[stop >> 1] = r;
  });
  if (usedRoutes === 0) return [];
  const longestString = Math.min(MAX_STRING, stopCount / usedRoutes);
  const maxStrings = (4 * AVERAGE_REMOVED) / (1 + longestString) - 1;
  const strings = Math.floor(random.next() * maxStrings) + 1;
  const removed = new Uint8Array(problem.jobCount);
  const removedJobs: number[] = [];
  const ruinedRoutes = new Set<number>();
  const seed = random.below(problem.jobCount);
  const nearSeed = problem.neighbours[seed];
  for (let k = -1; k < nearSeed.length && ruinedRoutes.size < strings; k += 1) {
    const job = k < 0 ? seed : nearSeed[k];
    const r = routeOf[job];
    if (r < 0 || problem.fixedVehicle[job] >= 0 || ruinedRoutes.has(r)) continue;
    ruinedRoutes.add(r);
    const route = editRoute(solution, r);
    const size = route.stops.length;
    const length = Math.floor(random.next() * Math.min(size, longestString)) + 1;
    const at = route.stops.indexOf(job * 2 + 1);
    const first = Math.min(Math.max(at - random.below(length), 0), size - length);
    for (let i = first; i < first + length; i += 1) {
      const other = route.stops[i] >> 1;
      if (removed[other] === 1 || problem.fixedVehicle[other] >= 0) continue;
      removed[other] = 1;
      removedJobs.push(other);
    }
    route.stops = route.stops.filter((stop) => removed[stop >> 1] === 0);
    measureRoute(problem, route);
  }
  return removedJobs;
}
