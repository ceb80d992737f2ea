import pg from 'pg';

/**
 * An order as the database holds it, with what its placement writes in the same transaction
 * (src/server/orders/order-lifecycle.ts, `place`): the payment, the first tracking event, the
 * customer's notification and the mail queued in the outbox.
 */
export interface StoredOrder {
  id: string;
  trackingNumber: string;
  shipmentInfo: string | null;
  hasPayment: boolean;
  hasPlacedEvent: boolean;
  hasNotification: boolean;
  hasQueuedMail: boolean;
}

/** Every order of the database, read straight from PostgreSQL (not through the server). */
export async function readStoredOrders(databaseUrl: string): Promise<StoredOrder[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<StoredOrder>(`
      select o.id, o.tracking_number as "trackingNumber", o.shipment_info as "shipmentInfo",
        exists (select 1 from payments p where p.order_id = o.id) as "hasPayment",
        exists (select 1 from tracking_events e where e.order_id = o.id and e.kind = 'placed')
          as "hasPlacedEvent",
        exists (select 1 from notifications n where n.order_id = o.id) as "hasNotification",
        exists (select 1 from outbox_messages m
          where m.params ->> 'trackingNumber' = o.tracking_number) as "hasQueuedMail"
      from orders o`);
    return rows;
  } finally {
    await client.end();
  }
}

/** An order missing any row its placement writes. */
export const isHalfWritten = (order: StoredOrder) =>
  !order.hasPayment || !order.hasPlacedEvent || !order.hasNotification || !order.hasQueuedMail;
