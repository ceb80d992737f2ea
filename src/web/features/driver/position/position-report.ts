import { DriverPositionSchema, type DriverPosition } from '#shared/schemas/driver-schemas';

/** How often a driver with an order on the road reports where the truck is (docs/product.md). */
export const POSITION_INTERVAL_MS = 30_000;

/**
 * The body of POST /api/driver/position for a fix from the browser, or null for a fix the server
 * would refuse (outside Morocco: a wrong fix is dropped, never retried).
 */
export function toPositionReport(coords: {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
}): DriverPosition | null {
  const parsed = DriverPositionSchema.safeParse({
    lat: coords.latitude,
    lng: coords.longitude,
    accuracy:
      coords.accuracy === null || coords.accuracy === undefined
        ? undefined
        : Math.round(coords.accuracy),
  });
  return parsed.success ? parsed.data : null;
}
