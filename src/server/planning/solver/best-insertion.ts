import type { SeededRandom } from './seeded-random';
import type { SolverProblem } from './solver-problem';
import { locationAfter, locationAt, measureRoute, type WorkingRoute } from './solver-route';

/** Where a job goes in a route: its pickup after position `pickupAfter` (-1: on board). */
export interface Insertion {
  pickupAfter: number;
  deliveryAfter: number;
  addedDistance: number;
}

/** A candidate position is skipped with this probability (SISR's "blinks", docs/decisions/0024). */
const BLINK_RATE = 0.01;

let deliveryCosts = new Float64Array(64);
/** cheapestDeliveryFrom[b]: the least of deliveryCosts[b…m], to skip pickups that cannot win. */
let cheapestDeliveryFrom = new Float64Array(64);
/** The best pair findPickupAndDelivery saw. */
const found: Insertion = { pickupAfter: -2, deliveryAfter: -1, addedDistance: Infinity };

function blinks(random: SeededRandom | null): boolean {
  return random !== null && random.next() < BLINK_RATE;
}

/**
 * The pickup and delivery positions of a job not on board costing less than `limit` (in
 * `found`); answers the pickup's position, or -2 when none. The delivery goes at the pickup's
 * position or after, as long as the load with the job stays within capacity.
 */
function findPickupAndDelivery(
  problem: SolverProblem,
  route: WorkingRoute,
  job: number,
  limit: number,
  random: SeededRandom | null,
): number {
  const { distances, locationCount: n, stopLocation } = problem;
  const { loadKg, loadM3 } = route;
  const m = route.stops.length;
  const roomKg = problem.capacityKg[route.vehicle] - problem.jobKg[job];
  const roomM3 = problem.capacityM3[route.vehicle] - problem.jobM3[job];
  const pickup = stopLocation[job * 2];
  const delivery = stopLocation[job * 2 + 1];
  let bestCost = limit;
  let bestPickup = -2;
  for (let a = 0; a <= m; a += 1) {
    if (loadKg[a] > roomKg || loadM3[a] > roomM3) continue;
    const from = locationAt(problem, route, a);
    const next = locationAfter(problem, route, a);
    const reach = distances[from * n + pickup];
    const leave = next < 0 ? 0 : distances[from * n + next];
    const together =
      reach +
      distances[pickup * n + delivery] +
      (next < 0 ? 0 : distances[delivery * n + next] - leave);
    if (together < bestCost && !blinks(random)) {
      bestCost = together;
      bestPickup = a;
      found.deliveryAfter = a;
    }
    const pickupCost = reach + (next < 0 ? 0 : distances[pickup * n + next] - leave);
    if (a === m || pickupCost + cheapestDeliveryFrom[a + 1] >= bestCost) continue;
    for (let b = a + 1; b <= m; b += 1) {
      if (loadKg[b] > roomKg || loadM3[b] > roomM3) break;
      const cost = pickupCost + deliveryCosts[b];
      if (cost < bestCost && !blinks(random)) {
        bestCost = cost;
        bestPickup = a;
        found.deliveryAfter = b;
      }
    }
  }
  found.addedDistance = bestCost;
  return bestPickup;
}

/**
 * The cheapest feasible insertion of `job` into `route` costing less than `limit`, or null. The
 * load only has to be checked from the pickup to the delivery: the job adds its kg and m³ there
 * and nowhere else; stops already there keep their order. With `random`, blinks.
 */
export function findBestInsertion(
  problem: SolverProblem,
  route: WorkingRoute,
  job: number,
  limit: number,
  random: SeededRandom | null,
): Insertion | null {
  const { distances, locationCount: n, stopLocation } = problem;
  const { loadKg, loadM3 } = route;
  const m = route.stops.length;
  const roomKg = problem.capacityKg[route.vehicle] - problem.jobKg[job];
  const roomM3 = problem.capacityM3[route.vehicle] - problem.jobM3[job];
  if (roomKg < 0 || roomM3 < 0) return null;
  const delivery = stopLocation[job * 2 + 1];
  if (deliveryCosts.length <= m) {
    deliveryCosts = new Float64Array((m + 1) * 2);
    cheapestDeliveryFrom = new Float64Array((m + 1) * 2);
  }
  for (let b = 0; b <= m; b += 1) {
    const from = locationAt(problem, route, b);
    const next = locationAfter(problem, route, b);
    const cost =
      distances[from * n + delivery] +
      (next < 0 ? 0 : distances[delivery * n + next] - distances[from * n + next]);
    deliveryCosts[b] = cost;
  }
  cheapestDeliveryFrom[m] = deliveryCosts[m];
  for (let b = m - 1; b >= 0; b -= 1) {
    cheapestDeliveryFrom[b] = Math.min(deliveryCosts[b], cheapestDeliveryFrom[b + 1]);
  }
  // No closure here: the build names every function it creates (esbuild's keepNames), which
  // costs more than the loop when done on each call.
  let bestCost = limit;
  let bestPickup = -2;
  let bestDelivery = -1;
  if (problem.onBoard[job] === 1) {
    for (let b = 0; b <= m; b += 1) {
      if (loadKg[b] > roomKg || loadM3[b] > roomM3) break;
      if (deliveryCosts[b] < bestCost && !blinks(random)) {
        bestCost = deliveryCosts[b];
        bestPickup = -1;
        bestDelivery = b;
      }
    }
  } else {
    bestPickup = findPickupAndDelivery(problem, route, job, bestCost, random);
    if (bestPickup >= -1) {
      bestCost = found.addedDistance;
      bestDelivery = found.deliveryAfter;
    }
  }
  if (bestPickup < -1) return null;
  return { pickupAfter: bestPickup, deliveryAfter: bestDelivery, addedDistance: bestCost };
}
export function applyInsertion(
  problem: SolverProblem,
  route: WorkingRoute,
  job: number,
  insertion: Insertion,
): void {
  route.stops.splice(insertion.deliveryAfter, 0, job * 2 + 1);
  if (insertion.pickupAfter >= 0) route.stops.splice(insertion.pickupAfter, 0, job * 2);
  measureRoute(problem, route);
}
