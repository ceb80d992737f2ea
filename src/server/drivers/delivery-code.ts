import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OrderStatus } from '#shared/order-status';
import { CODE_MAX_ATTEMPTS, DRIVER_CODE_LENGTH } from '#shared/schemas/driver-schemas';
import { deriveServerKey } from '../auth/jwt-secret';

/**
 * The receiver's delivery code (docs/decisions/0009-drivers.md, "Proof of delivery"): derived,
 * never stored. Each dispatch gives the order a random nonce; the code is
 * HMAC-SHA256(key, `${orderId}:${nonce}`) reduced to six digits. The database alone (a dump, a
 * backup) reveals no code, and a new dispatch makes a new one.
 */
export interface DeliveryCodes {
  /** A fresh nonce for a dispatch. */
  newNonce(): string;
  codeFor(orderId: string, nonce: string): string;
  /** Timing-safe: how close a wrong guess came tells nothing. */
  verify(orderId: string, nonce: string, code: string): boolean;
  /**
   * The code of an order on the road (the delivery code) or on its way back (the return code);
   * none before dispatch or once it is over.
   */
  currentCodeOf(order: {
    id: string;
    status: OrderStatus;
    deliveryCodeNonce: string | null;
  }): string | null;
}

/**
 * The server's one secret serves several uses; this label gives delivery codes a key of their
 * own, so a value computed for one use can never pass as another's.
 */
const KEY_LABEL = 'atlas-freight/delivery-code/v1';
const CODE_SPACE = 10 ** DRIVER_CODE_LENGTH;

/**
 * The statuses whose code is live: the receiver's delivery code on the road, the sender's return
 * code on the way back (docs/decisions/0023-failed-deliveries-and-returns.md). A return starts
 * with a new nonce, so the two are never the same code.
 */
const STATUSES_WITH_A_CODE: readonly OrderStatus[] = ['IN_TRANSIT', 'RETURNING'];

/**
 * Too many wrong codes on an order on the road or on its way back: its driver is locked out, the
 * office delivers (or records the return).
 */
export function isDeliveryCodeLocked(order: {
  status: OrderStatus;
  deliveryCodeFailures: number;
}): boolean {
  return (
    STATUSES_WITH_A_CODE.includes(order.status) && order.deliveryCodeFailures >= CODE_MAX_ATTEMPTS
  );
}

export function deriveDeliveryCodeKey(serverSecret: string): Buffer {
  return deriveServerKey(serverSecret, KEY_LABEL);
}

export function createDeliveryCodes(key: Buffer): DeliveryCodes {
  function codeFor(orderId: string, nonce: string): string {
    const mac = createHmac('sha256', key).update(`${orderId}:${nonce}`).digest();
    // 48 bits reduced modulo 10^6: the bias (2^48 is not a multiple of 10^6) is below 10^-8.
    return String(mac.readUIntBE(0, 6) % CODE_SPACE).padStart(DRIVER_CODE_LENGTH, '0');
  }
  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    codeFor,
    currentCodeOf(order) {
      if (!STATUSES_WITH_A_CODE.includes(order.status) || !order.deliveryCodeNonce) return null;
      return codeFor(order.id, order.deliveryCodeNonce);
    },
    verify(orderId, nonce, code) {
      const expected = Buffer.from(codeFor(orderId, nonce));
      const given = Buffer.from(code);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
