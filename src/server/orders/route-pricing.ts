import type { CreateOrder } from '#shared/schemas/order-schemas';
import { calculateServerPrice } from '#shared/pricing';
import type { RouteDistanceLookup } from '../routing/route-distance';

/**
 * The server's price of a route (never the client's): the wizard's orders, the API's parcels and
 * imported rows all get it here, so one route costs the same whichever way it was ordered.
 */
export function createRoutePricing(routeDistance: RouteDistanceLookup) {
  return async function priceRoute(
    from: { lat: number; lng: number },
    to: { lat: number; lng: number },
    weightKg: number,
    priority: CreateOrder['priority'],
  ) {
    const route = await routeDistance(from, to);
    const { price, vehicle } = calculateServerPrice({ distanceKm: route.km, weightKg, priority });
    return { route, price, vehicle };
  };
}
export type RoutePricing = ReturnType<typeof createRoutePricing>;
