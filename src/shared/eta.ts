import type { OrderStatus } from './order-status';
import { straightLineDistanceKm, type LatLng } from './pricing';

/**
 * When an order should arrive (docs/decisions/0009-drivers.md, "Positions, ETA and maps").
 *
 * With a known position of its truck, the road still to drive is the great-circle distance
 * times ROAD_FACTOR (1.3, the same allowance the straight-line price estimate makes): from the
 * truck to the delivery point, or through the pickup point while the parcel is not picked up.
 * It is driven at the order's own average speed (its route's distance over its duration), from
 * the time of the position. Without a position, the arrival is the dispatch plus the route's
 * duration (docs/product.md, decision 13). Only an order on the road has an arrival to expect.
 */
export interface EtaInput {
  status: OrderStatus;
  /** Dispatch time. */
  exitDate: Date | null;
  /** The order's route, as priced. */
  distanceKm: number;
  durationMinutes: number;
  pickup: LatLng;
  delivery: LatLng;
  /** Null until the driver picks the parcel up. */
  pickedUpAt: Date | null;
  /** The truck's latest position since the dispatch. */
  position: (LatLng & { at: Date }) | null;
}

const MINUTE_MS = 60_000;

/** The road still to drive, in km: the straight line times ROAD_FACTOR, leg by leg. */
export function remainingRoadKm(
  position: LatLng,
  order: Pick<EtaInput, 'pickup' | 'delivery' | 'pickedUpAt'>,
): number {
  if (order.pickedUpAt) return straightLineDistanceKm(position, order.delivery);
  return (
    straightLineDistanceKm(position, order.pickup) +
    straightLineDistanceKm(order.pickup, order.delivery)
  );
}

export function estimateArrival(order: EtaInput): Date | null {
  if (order.status !== 'IN_TRANSIT') return null;
  const hasSpeed = order.distanceKm > 0 && order.durationMinutes > 0;
  if (order.position && hasSpeed) {
    const kmPerMinute = order.distanceKm / order.durationMinutes;
    const minutes = remainingRoadKm(order.position, order) / kmPerMinute;
    return new Date(order.position.at.getTime() + Math.round(minutes * MINUTE_MS));
  }
  if (!order.exitDate) return null;
  return new Date(order.exitDate.getTime() + order.durationMinutes * MINUTE_MS);
}
