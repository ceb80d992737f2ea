import type { OrderEventKind } from './order-lifecycle';

/**
 * The shippers' integration (docs/decisions/0021-shippers-api.md): the words an API key, a webhook
 * endpoint and the developers' screen share between the server and the web app.
 */

/** What a key may do on /api/v1; each route names the one scope it needs (403 without it). */
export const API_KEY_SCOPES = [
  'parcels:read',
  'parcels:write',
  'labels:read',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Every secret starts with this, so secret scanners (and people) recognise a leaked key; the
 * list shows it with the secret's first characters.
 */
export const API_KEY_SECRET_PREFIX = 'af_live_';
/** How much of the secret the list shows: the prefix and 6 more characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_SECRET_PREFIX.length + 6;

/** The events a webhook endpoint subscribes to; `*` is every one of them. */
export const WEBHOOK_EVENTS = [
  'parcel.created',
  'parcel.dispatched',
  'parcel.picked_up',
  'parcel.delivered',
  'parcel.delivery_failed',
  'parcel.cancelled',
  'parcel.rescheduled',
  'parcel.instructions_added',
  'parcel.return_started',
  'parcel.returned',
  'payout.paid',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const ALL_WEBHOOK_EVENTS = '*';
export type WebhookEventSubscription = WebhookEvent | typeof ALL_WEBHOOK_EVENTS;

/** The webhook event of each step of the order lifecycle. */
export const PARCEL_EVENT_OF_ORDER_EVENT: Readonly<Record<OrderEventKind, WebhookEvent>> = {
  placed: 'parcel.created',
  dispatched: 'parcel.dispatched',
  'picked-up': 'parcel.picked_up',
  delivered: 'parcel.delivered',
  'delivery-failed': 'parcel.delivery_failed',
  cancelled: 'parcel.cancelled',
  rescheduled: 'parcel.rescheduled',
  'instructions-added': 'parcel.instructions_added',
  'return-started': 'parcel.return_started',
  returned: 'parcel.returned',
};

/** Standard Webhooks signing secrets: `whsec_` and base64 of random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** Parcels one POST /api/v1/parcels may carry. */
export const MAX_PARCELS_PER_REQUEST = 100;
