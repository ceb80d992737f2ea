import type { ReactNode } from 'react';
import type { MapPoint } from '#shared/schemas/map-schemas';

/*
 * What a run's route on a map is made of, apart from the drawing (route-layers.tsx) so that the
 * screens building routes keep Leaflet out of their own chunk.
 */

/** done: behind the truck; next: the one it drives to; ahead: after it; planned: not started. */
export type RouteStopState = 'done' | 'next' | 'ahead' | 'planned';

export interface MapRouteStop extends MapPoint {
  key: string;
  /** Its place in the run, from 1: written on the marker. */
  number: number;
  kind: 'pickup' | 'delivery';
  state: RouteStopState;
  /** What the marker names for screen readers and on hover. */
  title: string;
  popup?: ReactNode;
}

/** One truck's run: its colour, where it is now (if known) and its stops in order. */
export interface MapRoute {
  key: string;
  /** A CSS colour (ROUTE_COLOURS): Leaflet draws its lines outside the stylesheet's classes. */
  colour: string;
  start: MapPoint | null;
  stops: readonly MapRouteStop[];
}

/**
 * Colours told apart by most readers, colour-blind ones included (Okabe and Ito's palette order),
 * dark enough for white figures; a ninth truck takes the first colour again.
 */
export const ROUTE_COLOURS = [
  '#0072b2',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#7a5c00',
  '#56379e',
  '#b3262b',
  '#00677a',
] as const;

export function routeColourOf(index: number): string {
  return ROUTE_COLOURS[index % ROUTE_COLOURS.length]!;
}

/** The colour of what is behind the truck. */
export const DONE_COLOUR = '#94a3b8';

/**
 * Each stop's state on the live map, from the outcomes in order: every stop settled (done, failed
 * or dropped) is behind the truck, the first one open is next, the others are to come.
 */
export function stateOfStops(outcomes: ReadonlyArray<string | null>): RouteStopState[] {
  const next = outcomes.indexOf(null);
  return outcomes.map((outcome, index) =>
    outcome !== null ? 'done' : index === next ? 'next' : 'ahead',
  );
}
