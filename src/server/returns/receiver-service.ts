import { toBusinessDate } from '#shared/business-calendar';
import { rescheduleDays } from '#shared/delivery-attempts';
import { centimesToMad } from '#shared/money';
import { FINAL_ORDER_STATUSES } from '#shared/order-status';
import type {
  ReceiverInstructionsSchema,
  ReceiverParcel,
  ReceiverRefuseSchema,
  ReceiverRescheduleSchema,
} from '#shared/schemas/returns-schemas';
import type { z } from 'zod';
import type { Database } from '../db/open-database';
import { notFound } from '../http/errors';
import type { OrderLifecycle } from '../orders/order-lifecycle';
import { findOrderByReceiverTokenHash, type ReceiverOrderRow } from './receiver-queries';
import { RECEIVER_TOKEN_PATTERN, type ReceiverTokens } from './receiver-tokens';

interface ReceiverServiceDeps {
  db: Database;
  lifecycle: OrderLifecycle;
  receiverTokens: ReceiverTokens;
  clock: () => Date;
}

/**
 * What a receiver's page shows (docs/decisions/0023-failed-deliveries-and-returns.md, "The
 * receiver's link"): only their parcel's state and what they may still do. While it is on the
 * road they pay its amount to collect and may pick another day or refuse it; once it is going
 * back nothing is theirs to do.
 */
function toReceiverParcel(order: ReceiverOrderRow, now: Date): ReceiverParcel {
  const onTheRoad = order.status === 'IN_TRANSIT';
  return {
    trackingNumber: order.trackingNumber,
    status: order.status,
    deliveryCity: order.deliveryLoc,
    amountToPay: onTheRoad ? centimesToMad(order.amountToCollectCentimes) : 0,
    hasDeliveryCode: onTheRoad && order.deliveryCodeNonce !== null,
    allowOpen: order.allowOpen,
    failedAttempts: order.failedAttempts,
    nextAttemptOn: order.nextAttemptOn,
    instructions: order.receiverInstructions,
    rescheduleDays: onTheRoad ? rescheduleDays(toBusinessDate(now)) : [],
    canReschedule: onTheRoad,
    canRefuse: onTheRoad,
  };
}

export function createReceiverService({
  db,
  lifecycle,
  receiverTokens,
  clock,
}: ReceiverServiceDeps) {
  /**
   * The order a link opens. A malformed token is refused before any lookup, and every link that
   * opens nothing (unknown, or its parcel's journey is over) gets the one same answer, so a
   * guess learns nothing.
   */
  async function openOrder(token: string): Promise<ReceiverOrderRow> {
    const order = RECEIVER_TOKEN_PATTERN.test(token)
      ? await findOrderByReceiverTokenHash(db, receiverTokens.hashOf(token))
      : undefined;
    if (!order || FINAL_ORDER_STATUSES.includes(order.status)) {
      throw notFound('returns.receiver_link_not_found');
    }
    return order;
  }

  /** Acts on the link's order through the lifecycle, then answers the page as it now stands. */
  async function act(token: string, change: (orderId: string) => Promise<unknown>) {
    const order = await openOrder(token);
    await change(order.id);
    const changed = await findOrderByReceiverTokenHash(db, receiverTokens.hashOf(token));
    return toReceiverParcel(changed ?? order, clock());
  }

  return {
    async parcelOf(token: string): Promise<ReceiverParcel> {
      return toReceiverParcel(await openOrder(token), clock());
    },

    reschedule: (token: string, input: z.output<typeof ReceiverRescheduleSchema>) =>
      act(token, (orderId) => lifecycle.reschedule(orderId, input)),

    addInstructions: (token: string, input: z.output<typeof ReceiverInstructionsSchema>) =>
      act(token, (orderId) => lifecycle.addInstructions(orderId, input)),

    /** The receiver refuses the parcel: its return to the sender starts at once. */
    refuse: (token: string, input: z.output<typeof ReceiverRefuseSchema>) =>
      act(token, (orderId) =>
        lifecycle.startReturn(orderId, { kind: 'receiver', userId: null }, input),
      ),
  };
}

export type ReceiverService = ReturnType<typeof createReceiverService>;
