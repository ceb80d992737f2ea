import {
  calculateServerPrice,
  estimateDurationMinutes,
  formatDistanceText,
  formatDurationText,
  straightLineDistanceKm,
  type LatLng,
  type Priority,
} from './pricing';
import type { PriceResult } from './schemas/order-schemas';

/**
 * What the price call would answer without a routing service (docs/product.md, section 8: "a
 * straight-line estimate is used"): the server's price rule over the straight-line distance. The
 * calculator shows it, labelled as an estimate, when the price call itself fails.
 */
export function estimateStraightLinePrice(request: {
  origin: LatLng;
  destination: LatLng;
  weight: number;
  type: Priority;
}): PriceResult {
  const distance = straightLineDistanceKm(request.origin, request.destination);
  const durationMinutes = estimateDurationMinutes(distance);
  const { price, vehicle } = calculateServerPrice({
    distanceKm: distance,
    weightKg: request.weight,
    priority: request.type,
  });
  return {
    price,
    distance,
    distanceText: formatDistanceText(distance),
    duration: formatDurationText(durationMinutes),
    durationMinutes,
    vehicle,
    distanceSource: 'straight-line',
  };
}
