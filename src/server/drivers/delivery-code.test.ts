import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '#shared/schemas/driver-schemas';
import { createDeliveryCodes, deriveDeliveryCodeKey, isDeliveryCodeLocked } from './delivery-code';

const codes = createDeliveryCodes(deriveDeliveryCodeKey('a server secret'));

describe('delivery codes', () => {
  it('are six digits, the same for one order and nonce', () => {
    const orderId = randomUUID();
    const nonce = codes.newNonce();
    const code = codes.codeFor(orderId, nonce);
    expect(code).toMatch(/^\d{6}$/);
    expect(codes.codeFor(orderId, nonce)).toBe(code);
    expect(codes.verify(orderId, nonce, code)).toBe(true);
  });

  it('change with the nonce, the order and the server secret', () => {
    const orderId = randomUUID();
    const nonce = codes.newNonce();
    const other = createDeliveryCodes(deriveDeliveryCodeKey('another secret'));
    // 50 random six-digit codes: a handful of collisions at most, never one code for all.
    const nonces = Array.from({ length: 50 }, () => codes.newNonce());
    expect(new Set(nonces).size).toBe(50);
    expect(new Set(nonces.map((n) => codes.codeFor(orderId, n))).size).toBeGreaterThan(40);
    expect(codes.codeFor(randomUUID(), nonce)).not.toBe(codes.codeFor(orderId, nonce));
    expect(
      Array.from({ length: 20 }, () => randomUUID()).some(
        (id) => other.codeFor(id, nonce) !== codes.codeFor(id, nonce),
      ),
    ).toBe(true);
  });

  it('keep their leading zeros', () => {
    const orderId = randomUUID();
    const withZero = Array.from({ length: 2000 }, () => codes.newNonce())
      .map((nonce) => codes.codeFor(orderId, nonce))
      .find((code) => code.startsWith('0'));
    expect(withZero).toMatch(/^0\d{5}$/);
  });

  it('refuse any other code, of any length', () => {
    const orderId = randomUUID();
    const nonce = codes.newNonce();
    const code = codes.codeFor(orderId, nonce);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(codes.verify(orderId, nonce, wrong)).toBe(false);
    expect(codes.verify(orderId, nonce, `${code}0`)).toBe(false);
    expect(codes.verify(orderId, nonce, '')).toBe(false);
  });

  it('derive a key of their own from the server secret', () => {
    const key = deriveDeliveryCodeKey('a server secret');
    expect(key).toHaveLength(32);
    expect(key.equals(Buffer.from('a server secret'))).toBe(false);
    expect(deriveDeliveryCodeKey('a server secret').equals(key)).toBe(true);
  });

  it(`lock an order on the road out after ${CODE_MAX_ATTEMPTS} wrong tries, and no other`, () => {
    expect(isDeliveryCodeLocked({ status: 'IN_TRANSIT', deliveryCodeFailures: 4 })).toBe(false);
    expect(isDeliveryCodeLocked({ status: 'IN_TRANSIT', deliveryCodeFailures: 5 })).toBe(true);
    expect(isDeliveryCodeLocked({ status: 'DELIVERED', deliveryCodeFailures: 5 })).toBe(false);
  });
});
