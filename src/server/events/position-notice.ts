import { toPublicPoint } from '#shared/positions';
import type { PositionEvent, PublicPositionEvent } from '#shared/schemas/map-schemas';
import { notifyOnCommit } from '../db/database-channels';
import type { Database } from '../db/open-database';
import type { OrderAudience } from './order-event-notice';

/** Every instance listens here for the positions the drivers' phones send to any instance. */
export const DRIVER_POSITIONS_CHANNEL = 'driver_positions';

/**
 * The most orders one notice names. A driver carries one order at a time on one truck
 * (docs/product.md, decision 5); the cap only keeps a notice under NOTIFY's 8 000 bytes.
 */
export const MAX_ORDERS_PER_POSITION = 20;

/** One new position of a driver and the orders on the road it concerns. */
export interface PositionNotice {
  lat: number;
  lng: number;
  at: string;
  /** `pickedUp` absent (a notice from an older instance) counts as not picked up. */
  orders: (OrderAudience & { trackingNumber: string; pickedUp?: boolean })[];
}

/**
 * Sent in the transaction that stores the position: every instance's hub hears it once it is
 * committed, and hands it to the streams allowed to see each of its orders.
 */
export async function publishPosition(tx: Database, notice: PositionNotice): Promise<void> {
  await notifyOnCommit(tx, DRIVER_POSITIONS_CHANNEL, JSON.stringify(notice));
}

export function parsePositionNotice(payload: string): PositionNotice | undefined {
  try {
    const notice = JSON.parse(payload) as PositionNotice;
    const valid =
      Number.isFinite(notice.lat) &&
      Number.isFinite(notice.lng) &&
      typeof notice.at === 'string' &&
      Array.isArray(notice.orders) &&
      notice.orders.every(
        (order) => typeof order.orderId === 'string' && typeof order.organizationId === 'string',
      );
    return valid ? notice : undefined;
  } catch {
    return undefined;
  }
}

/** What one order's stream receives: `event: position`. */
export interface OrderPosition {
  order: PositionNotice['orders'][number];
  lat: number;
  lng: number;
  at: string;
}

export const toPositionEvent = ({ order, lat, lng, at }: OrderPosition): PositionEvent => ({
  orderId: order.orderId,
  trackingNumber: order.trackingNumber,
  lat,
  lng,
  at,
});

/**
 * What the public stream of the order receives (docs/decisions/0018-lists-streams-cash-positions.md):
 * nothing before the pickup, then the position rounded to about 1 km.
 */
export const toPublicPositionEvent = (position: OrderPosition): PublicPositionEvent | undefined => {
  if (position.order.pickedUp !== true) return undefined;
  const { orderId: _private, ...event } = toPositionEvent(position);
  return toPublicPoint(event);
};
