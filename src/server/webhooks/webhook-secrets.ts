import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '#shared/shippers-api';
import { deriveServerKey } from '../auth/jwt-secret';

/** Standard Webhooks asks for 24 to 64 random bytes; 32 is HMAC-SHA256's own key size. */
const SECRET_BYTES = 32;

/**
 * The signing secrets of webhook endpoints (docs/decisions/0021-shippers-api.md, "Signed
 * webhooks"): `whsec_` and base64 of random bytes, the Standard Webhooks format, kept sealed with
 * AES-256-GCM under a key derived from the server's secret (as the second factors' are,
 * src/server/auth/second-factor-keys.ts), so a copy of the database alone cannot sign.
 */
export function createWebhookSecrets(serverSecret: string) {
  const sealingKey = deriveServerKey(serverSecret, 'atlas-freight/webhook-signing-secret/v1');
  return {
    newSecret: () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`,

    /** `iv.tag.ciphertext`, base64url each. */
    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealingKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },

    open(sealed: string): string {
      const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      const decipher = createDecipheriv('aes-256-gcm', sealingKey, iv!);
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    },
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
