import { findTransitionRefusal } from '#shared/order-lifecycle';
import type { OrderStatus } from '#shared/order-status';

/**
 * What the merchant may decide about a parcel now (docs/decisions/0023-failed-deliveries-and-
 * returns.md): after a failed attempt, another attempt while one is left, or the return; both
 * only while the lifecycle table lets a customer make them, and only for a role that may cancel.
 * The order page offers exactly these, so it offers only what the lifecycle accepts.
 */
export function merchantDecisionsOf(
  order: { status: OrderStatus; failedAttempts: number },
  maxDeliveryAttempts: number,
  roleMayDecide: boolean,
): { canReattempt: boolean; canReturn: boolean } {
  const decides = roleMayDecide && order.failedAttempts > 0;
  return {
    canReattempt:
      decides &&
      order.failedAttempts < maxDeliveryAttempts &&
      findTransitionRefusal('reattempt', order.status, 'customer') === undefined,
    canReturn:
      decides && findTransitionRefusal('startReturn', order.status, 'customer') === undefined,
  };
}
