import { eq } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { orders } from '../db/schema';

/**
 * The order a receiver's link opens, by the hash of its token (unique index
 * orders_receiver_token_hash_unique), with only the columns their page may show or needs to decide
 * what they may do: never the sender's details, the receiver's own name, phone or address.
 */
export async function findOrderByReceiverTokenHash(db: Database, tokenHash: string) {
  const [order] = await db
    .select({
      id: orders.id,
      trackingNumber: orders.trackingNumber,
      status: orders.status,
      deliveryLoc: orders.deliveryLoc,
      amountToCollectCentimes: orders.amountToCollectCentimes,
      deliveryCodeNonce: orders.deliveryCodeNonce,
      allowOpen: orders.allowOpen,
      failedAttempts: orders.failedAttempts,
      nextAttemptOn: orders.nextAttemptOn,
      receiverInstructions: orders.receiverInstructions,
    })
    .from(orders)
    .where(eq(orders.receiverTokenHash, tokenHash))
    .limit(1);
  return order;
}

export type ReceiverOrderRow = NonNullable<
  Awaited<ReturnType<typeof findOrderByReceiverTokenHash>>
>;
