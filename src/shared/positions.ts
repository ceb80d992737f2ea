/**
 * Trucks' positions (docs/decisions/0009-drivers.md, "Positions, ETA and maps"): the facts both
 * sides share, in a module without zod so that the web's maps load none.
 */

/**
 * Morocco's bounding box, the Saharan provinces included: a position outside it is a wrong fix
 * or a forged request, never one of our trucks. The maps show it when they have nothing else.
 */
export const MOROCCO_BOUNDS = { south: 20.7, north: 36.0, west: -17.3, east: -0.9 } as const;

/** The `event:` name of a truck's new position on the live streams. */
export const POSITION_EVENT_NAME = 'position';

/**
 * Public tracking shows a truck's position to two decimals of a degree, about 1.1 km north to
 * south and 0.9 km east to west in Morocco: enough to see the shipment move between cities, not
 * to find the truck on a street (docs/decisions/0018-lists-streams-cash-positions.md).
 */
export const PUBLIC_POSITION_DECIMALS = 2;

/** A point as public tracking may show it (PUBLIC_POSITION_DECIMALS). */
export function toPublicPoint<Point extends { lat: number; lng: number }>(point: Point): Point {
  const factor = 10 ** PUBLIC_POSITION_DECIMALS;
  const round = (degrees: number) => Math.round(degrees * factor) / factor;
  return { ...point, lat: round(point.lat), lng: round(point.lng) };
}
