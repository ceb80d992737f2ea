import { ORDER_EVENT_KINDS, type OrderEventKind } from '#shared/order-lifecycle';
import { ORDER_STATUSES, type OrderStatus } from '#shared/order-status';
import type { OrderEvent, PublicOrderEvent } from '#shared/schemas/order-event-schemas';
import { notifyManyOnCommit, notifyOnCommit } from '../db/database-channels';
import type { Database } from '../db/open-database';

/** Every instance listens here for the order events of every other (docs/architecture.md). */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/**
 * Who may see what happens to an order: its customer's organization, its driver, and every
 * admin.
 */
export interface OrderAudience {
  orderId: string;
  organizationId: string;
  driverId: string | null;
}

/**
 * What travels between instances about one order event: the public event plus who may see it.
 * Small on purpose (NOTIFY payloads stop at 8 000 bytes).
 */
export interface OrderEventNotice extends OrderAudience {
  /** The tracking event's sequence number: the SSE `id:`. */
  seq: number;
  trackingNumber: string;
  status: OrderStatus;
  kind: OrderEventKind;
  at: string;
}

/**
 * Sent inside the lifecycle's transaction: PostgreSQL (and PGlite) deliver it when the
 * transaction commits and never if it rolls back, so no screen hears of a change that did not
 * happen, and none misses one that did while this instance stays up.
 */
export async function publishOrderEvent(tx: Database, notice: OrderEventNotice): Promise<void> {
  await notifyOnCommit(tx, ORDER_EVENTS_CHANNEL, JSON.stringify(notice));
}

/** publishOrderEvent for many events of one transaction (a batch of new parcels), in order. */
export async function publishOrderEvents(
  tx: Database,
  notices: readonly OrderEventNotice[],
): Promise<void> {
  await notifyManyOnCommit(
    tx,
    ORDER_EVENTS_CHANNEL,
    notices.map((notice) => JSON.stringify(notice)),
  );
}

export function parseOrderEventNotice(payload: string): OrderEventNotice | undefined {
  try {
    const notice = JSON.parse(payload) as OrderEventNotice;
    const valid =
      Number.isSafeInteger(notice.seq) &&
      typeof notice.orderId === 'string' &&
      typeof notice.organizationId === 'string' &&
      (ORDER_STATUSES as readonly string[]).includes(notice.status) &&
      (ORDER_EVENT_KINDS as readonly string[]).includes(notice.kind);
    return valid ? notice : undefined;
  } catch {
    return undefined;
  }
}

export const toOrderEvent = (notice: OrderEventNotice): OrderEvent => ({
  id: notice.orderId,
  trackingNumber: notice.trackingNumber,
  status: notice.status,
  kind: notice.kind,
  at: notice.at,
});

export const toPublicOrderEvent = (notice: OrderEventNotice): PublicOrderEvent => ({
  trackingNumber: notice.trackingNumber,
  status: notice.status,
  kind: notice.kind,
  at: notice.at,
});
