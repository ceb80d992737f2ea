import type { LatLng } from '#shared/pricing';
import type { RunStopRef } from '#shared/run-loads';
import { loadItemOf, type RunOrderFacts } from '#shared/run-stops';
import type { DistanceMatrixLookup } from '../routing/distance-matrix';
import type { DistanceFunction, SolverJob, SolverVehicle } from './solver/solver-types';

export interface PlanningTruck {
  id: string;
  capacityKg: string | number;
  capacityM3: string | number | null;
  /** Where it starts: its driver's recent position, or null (it starts at its first stop). */
  start: LatLng | null;
  /** The stops it keeps, in order (a run not started). */
  keptStops?: readonly RunStopRef[];
}

/**
 * The solver's problem for these trucks and orders (docs/decisions/0024-runs-and-planning.md):
 * location 0 is "anywhere", at no distance from every point (a truck without a known position
 * starts at its first stop); the trucks' positions and the orders' pickups and deliveries follow,
 * with road distances in metres from the matrix lookup.
 */
export async function buildSolverInput(
  trucks: readonly PlanningTruck[],
  orders: readonly RunOrderFacts[],
  distanceMatrix: DistanceMatrixLookup,
): Promise<{ vehicles: SolverVehicle[]; jobs: SolverJob[]; distance: DistanceFunction }> {
  const points: LatLng[] = [];
  // push() answers the new length: the point's index + 1, its location number.
  const vehicles: SolverVehicle[] = trucks.map((truck) => ({
    id: truck.id,
    capacityKg: Number(truck.capacityKg),
    capacityM3: truck.capacityM3 === null ? null : Number(truck.capacityM3),
    start: truck.start ? points.push(truck.start) : 0,
    returnToStart: false,
    fixedStops: truck.keptStops ? [...truck.keptStops] : undefined,
  }));
  const jobs: SolverJob[] = orders.map((order) => {
    const item = loadItemOf(order);
    const pickup = points.push({ lat: order.pickupLat, lng: order.pickupLng });
    const delivery = points.push({ lat: order.deliveryLat, lng: order.deliveryLng });
    return { id: order.id, pickup, delivery, kg: item.kg, m3: item.m3 };
  });
  const { metres } = await distanceMatrix(points);
  const distance: DistanceFunction = (from, to) =>
    from === 0 || to === 0 ? 0 : metres[from - 1]![to - 1]!;
  return { vehicles, jobs, distance };
}
