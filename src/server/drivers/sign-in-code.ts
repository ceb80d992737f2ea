import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { DRIVER_CODE_LENGTH } from '#shared/schemas/driver-schemas';
import { deriveServerKey } from '../auth/jwt-secret';

/**
 * A driver's sign-in code (docs/decisions/0009-drivers.md, "Sign-in by phone"): random, and kept
 * only as HMAC-SHA256 under a key derived from the server's secret, bound to the driver. Six
 * digits are few, so a plain hash of a leaked row would be reversed at once; the key is not in
 * the database.
 */
export interface SignInCodes {
  newCode(): string;
  hash(driverId: string, code: string): string;
  /** Timing-safe comparison with a stored hash. */
  matches(driverId: string, code: string, storedHash: string): boolean;
}

/** Its own label, so a value made for another use of the server's secret never passes here. */
const KEY_LABEL = 'atlas-freight/driver-sign-in-code/v1';

export function deriveSignInCodeKey(serverSecret: string): Buffer {
  return deriveServerKey(serverSecret, KEY_LABEL);
}

export function createSignInCodes(key: Buffer): SignInCodes {
  const hash = (driverId: string, code: string) =>
    createHmac('sha256', key).update(`${driverId}:${code}`).digest('hex');
  return {
    newCode: () => String(randomInt(0, 10 ** DRIVER_CODE_LENGTH)).padStart(DRIVER_CODE_LENGTH, '0'),
    hash,
    matches(driverId, code, storedHash) {
      const given = Buffer.from(hash(driverId, code), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      return given.length === stored.length && timingSafeEqual(given, stored);
    },
  };
}
