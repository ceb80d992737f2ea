import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_SECRET_PREFIX, API_KEY_SHOWN_LENGTH } from '#shared/shippers-api';

/*
 * An API key's secret (docs/decisions/0021-shippers-api.md): `af_live_` and 32 random bytes in
 * base64url. Only its SHA-256 is stored: with that much randomness a slow password hash adds no
 * safety, and a fast one keeps every /api/v1 call a single index lookup.
 */

export function newApiKeySecret(): string {
  return `${API_KEY_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** What lists show of a key: enough to tell keys apart, far too little to use one. */
export function shownPrefixOf(secret: string): string {
  return secret.slice(0, API_KEY_SHOWN_LENGTH);
}

/** Whether a bearer token is meant as an API key (a session token never starts so). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_SECRET_PREFIX);
}
