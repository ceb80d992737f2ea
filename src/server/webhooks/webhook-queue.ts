import type { OrderEventKind } from '#shared/order-lifecycle';
import { PARCEL_EVENT_OF_ORDER_EVENT, type WebhookEvent } from '#shared/shippers-api';
import type { Database } from '../db/open-database';
import { insertWebhookDeliveries } from '../messages/outbox-writes';
import type { OrderRow } from '../orders/order-lifecycle';
import { toApiParcel } from '../parcels/parcel-view';
import { listEndpointsListeningTo } from './webhook-queries';

/** The body every webhook delivery sends (the Standard Webhooks shape). */
export interface WebhookBody {
  type: WebhookEvent;
  timestamp: string;
  data: unknown;
}

/**
 * Queues one delivery per endpoint of the organization that listens to `type`, in the caller's
 * transaction (docs/decisions/0021-shippers-api.md, "Webhooks"): each is an outbox row whose id
 * is the delivery's stable `webhook-id`, and whose body is fixed now, as the change left things.
 */
export async function queueWebhookEvent(
  tx: Database,
  organizationId: string,
  type: WebhookEvent,
  data: unknown,
  now: Date,
  params: Record<string, string> = {},
): Promise<void> {
  const endpoints = await listEndpointsListeningTo(tx, organizationId, type);
  if (endpoints.length === 0) return;
  const payload: WebhookBody = { type, timestamp: now.toISOString(), data };
  await insertWebhookDeliveries(
    tx,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      type,
      payload,
      params,
      createdAt: now,
    })),
  );
}

/**
 * A step of the order lifecycle, for one order or many (a batch of new parcels,
 * docs/decisions/0021-shippers-api.md, "Speed"), as its `parcel.*` event with each parcel as it
 * now is: each organization's endpoints are read once, and every delivery is written in one
 * statement.
 */
export async function queueParcelWebhooks(
  tx: Database,
  orders: readonly OrderRow[],
  kind: OrderEventKind,
  now: Date,
  publicUrl: string,
): Promise<void> {
  const type = PARCEL_EVENT_OF_ORDER_EVENT[kind];
  const endpointsOf = new Map<string, Array<{ id: string }>>();
  for (const { organizationId } of orders) {
    if (!endpointsOf.has(organizationId)) {
      endpointsOf.set(organizationId, await listEndpointsListeningTo(tx, organizationId, type));
    }
  }
  const timestamp = now.toISOString();
  await insertWebhookDeliveries(
    tx,
    orders.flatMap((order) => {
      const payload: WebhookBody = { type, timestamp, data: toApiParcel(order, publicUrl) };
      return endpointsOf.get(order.organizationId)!.map((endpoint) => ({
        endpointId: endpoint.id,
        type,
        payload,
        params: { trackingNumber: order.trackingNumber },
        createdAt: now,
      }));
    }),
  );
}
