/**
 * Live order events (docs/architecture.md, "Live updates"), sent over Server-Sent Events:
 *
 *   GET /api/events                              bearer token; a customer's own orders, all for admins
 *   GET /api/track/:trackingNumber/events        public; one shipment, status and time only
 *
 * Each event is `event: order` (ORDER_EVENT_NAME in ../order-lifecycle.ts), an `id:` line (the event's sequence number, sent back as
 * Last-Event-ID on reconnect to replay what was missed) and one line of JSON data.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../order-status';
import { ORDER_EVENT_KINDS } from '../order-lifecycle';

export const OrderEventSchema = z.object({
  /** The order's id. */
  id: z.uuid(),
  trackingNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What happened: placed, dispatched, picked-up, delivered, delivery-failed, cancelled. */
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.iso.datetime({ offset: true }),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** The public tracking stream tells nothing personal: which shipment, its status, and when. */
export const PublicOrderEventSchema = OrderEventSchema.pick({
  trackingNumber: true,
  status: true,
  kind: true,
  at: true,
});
export type PublicOrderEvent = z.infer<typeof PublicOrderEventSchema>;
