import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { preparedOnce } from '../db/prepared-statements';
import { deliveryAttempts } from '../db/schema';

export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;

/**
 * An order's failed delivery attempts, oldest first (docs/decisions/0023-failed-deliveries-and-
 * returns.md): a handful per order, read by its unique (order_id, attempt) index.
 */
export function listDeliveryAttempts(db: Database, orderId: string): Promise<DeliveryAttemptRow[]> {
  return preparedOnce(db, 'order_delivery_attempts', (name) =>
    db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.orderId, sql.placeholder('orderId')))
      .orderBy(asc(deliveryAttempts.attempt))
      .prepare(name),
  ).execute({ orderId });
}
