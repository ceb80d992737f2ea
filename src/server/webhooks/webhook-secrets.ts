import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '#shared/shippers-api';
import { createSecretSealer } from '../auth/sealed-secrets';

/** Standard Webhooks asks for 24 to 64 random bytes; 32 is HMAC-SHA256's own key size. */
const SECRET_BYTES = 32;

/**
 * The signing secrets of webhook endpoints (docs/decisions/0021-shippers-api.md, "Signed
 * webhooks"): `whsec_` and base64 of random bytes, the Standard Webhooks format, kept sealed with
 * AES-256-GCM under a key derived from the server's secret (src/server/auth/sealed-secrets.ts, as
 * the second factors' are), so a copy of the database alone cannot sign.
 */
export function createWebhookSecrets(serverSecret: string) {
  const sealer = createSecretSealer(serverSecret, 'atlas-freight/webhook-signing-secret/v1');
  return {
    newSecret: () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`,

    ...sealer,
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
