import { applyInsertion, findBestInsertion, type Insertion } from './best-insertion';
import type { SeededRandom } from './seeded-random';
import type { SolverProblem } from './solver-problem';
import { editRoute, type SolverSolution } from './solver-solution';

/**
 * Puts each job, in the given order, where it adds the least distance over all routes (empty
 * vehicles alike are tried once); a job that fits nowhere joins the unassigned.
 */
export function insertJobs(
  problem: SolverProblem,
  solution: SolverSolution,
  jobs: number[],
  random: SeededRandom | null,
): void {
  const triedEmptyClass = new Uint8Array(problem.vehicleCount);
  for (const job of jobs) {
    triedEmptyClass.fill(0);
    let best: Insertion | null = null;
    let bestRoute = -1;
    for (let r = 0; r < solution.routes.length; r += 1) {
      const route = solution.routes[r];
      if (route.stops.length === 0) {
        const vehicleClass = problem.vehicleClass[route.vehicle];
        if (triedEmptyClass[vehicleClass] === 1) continue;
        triedEmptyClass[vehicleClass] = 1;
      }
      const found = findBestInsertion(
        problem,
        route,
        job,
        best === null ? Infinity : best.addedDistance,
        random,
      );
      if (found !== null) {
        best = found;
        bestRoute = r;
      }
    }
    if (best === null) solution.unassigned.push(job);
    else applyInsertion(problem, editRoute(solution, bestRoute), job, best);
  }
}

/**
 * The order the recreate step inserts in, chosen at random as SISR does: shuffled, heaviest
 * first, farthest from the first vehicle's start first, or nearest first.
 */
export function orderForInsertion(
  problem: SolverProblem,
  jobs: number[],
  random: SeededRandom,
): number[] {
  const ordered = jobs.slice();
  for (let i = ordered.length - 1; i > 0; i -= 1) {
    const j = random.below(i + 1);
    [ordered[i], ordered[j]] = [ordered[j], ordered[i]];
  }
  const pick = random.below(11);
  if (pick < 4) return ordered;
  if (pick < 8) return ordered.sort((a, b) => problem.jobKg[b] - problem.jobKg[a]);
  const start = problem.vehicleStart[0] * problem.locationCount;
  const fromStart = new Float64Array(problem.jobCount);
  for (const job of ordered)
    fromStart[job] = problem.distances[start + problem.stopLocation[job * 2 + 1]];
  if (pick < 10) return ordered.sort((a, b) => fromStart[b] - fromStart[a]);
  return ordered.sort((a, b) => fromStart[a] - fromStart[b]);
}
