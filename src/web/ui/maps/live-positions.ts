import { useEffect, useState } from 'react';
import { POSITION_EVENT_NAME } from '#shared/positions';
import type { PublicPositionEvent, TruckPosition } from '#shared/schemas/map-schemas';
import { subscribeToLiveEvents } from '../../lib/live/live-event-bus';

/** The newer of two positions of one truck. */
export function newerPosition(
  a: TruckPosition | null | undefined,
  b: TruckPosition | null | undefined,
): TruckPosition | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(b.at) > Date.parse(a.at) ? b : a;
}

/**
 * The positions the open event streams bring (`event: position`), by tracking number: the
 * signed-in areas' stream and the public tracking stream both carry them.
 */
export function useLivePositions(): ReadonlyMap<string, TruckPosition> {
  const [positions, setPositions] = useState<ReadonlyMap<string, TruckPosition>>(new Map());
  useEffect(
    () =>
      subscribeToLiveEvents(POSITION_EVENT_NAME, (data) => {
        const event = readPositionEvent(data);
        if (!event) return;
        const { trackingNumber, lat, lng, at } = event;
        setPositions((current) => {
          const newer = newerPosition(current.get(trackingNumber), { lat, lng, at });
          if (newer === current.get(trackingNumber)) return current;
          return new Map(current).set(trackingNumber, newer!);
        });
      }),
    [],
  );
  return positions;
}

/** The event's data, or undefined when it is not one (the maps leave zod out of their chunk). */
export function readPositionEvent(data: string): PublicPositionEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<PublicPositionEvent>;
    const valid =
      typeof event.trackingNumber === 'string' &&
      Number.isFinite(event.lat) &&
      Number.isFinite(event.lng) &&
      typeof event.at === 'string' &&
      !Number.isNaN(Date.parse(event.at));
    return valid ? (event as PublicPositionEvent) : undefined;
  } catch {
    return undefined;
  }
}
