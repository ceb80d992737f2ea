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
