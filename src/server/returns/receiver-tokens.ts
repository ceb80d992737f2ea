import { createHash, createHmac, randomBytes } from 'node:crypto';
import { deriveServerKey } from '../auth/jwt-secret';

/**
 * The receiver's link, PUBLIC_URL/r/<token> (docs/decisions/0023-failed-deliveries-and-returns.md,
 * "The receiver's link"): like the delivery code, the token is derived, never stored. Each
 * dispatch gives the order a random nonce; the token is HMAC-SHA256(key, `${orderId}:${nonce}`)
 * cut to 128 bits (22 base64url characters), so the server can put it in every SMS it sends the
 * receiver. The order keeps only the token's SHA-256, to find itself from a link: the database
 * alone (a dump, a backup) opens no receiver's page.
 */
export interface ReceiverTokens {
  newNonce(): string;
  tokenFor(orderId: string, nonce: string): string;
  /** What the order keeps of its token (hex SHA-256), and what a link is looked up by. */
  hashOf(token: string): string;
  linkFor(token: string): string;
}

const KEY_LABEL = 'atlas-freight/receiver-link/v1';
/** 128 bits. */
const TOKEN_BYTES = 16;
/** The shape of a token: anything else is refused before any lookup. */
export const RECEIVER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function createReceiverTokens(serverSecret: string, publicUrl: string): ReceiverTokens {
  const key = deriveServerKey(serverSecret, KEY_LABEL);
  return {
    newNonce: () => randomBytes(16).toString('base64url'),
    tokenFor: (orderId, nonce) =>
      createHmac('sha256', key)
        .update(`${orderId}:${nonce}`)
        .digest()
        .subarray(0, TOKEN_BYTES)
        .toString('base64url'),
    hashOf: (token) => createHash('sha256').update(token).digest('hex'),
    linkFor: (token) => `${publicUrl}/r/${token}`,
  };
}
