/**
 * An organization's API keys (docs/decisions/0021-shippers-api.md, "API keys"), managed by its
 * owner:
 *
 *   POST   /api/org/api-keys      ApiKeyCreateSchema → 201 ApiKeyCreatedSchema (the secret, once)
 *   GET    /api/org/api-keys                         → ApiKeyListSchema (keys in use, newest first)
 *   DELETE /api/org/api-keys/:id                     → 204 (revoked at once)
 */
import { z } from 'zod';
import { messageKey } from '../i18n/message-key';
import '../i18n/zod-messages';
import { API_KEY_SCOPES } from '../shippers-api';

export const API_KEY_NAME_MAX_LENGTH = 100;
/**
 * Keys in use per organization: a shop needs one per system that calls us, and every call looks its
 * key up; a cap keeps a leaked owner session from minting keys without end.
 */
export const MAX_ACTIVE_API_KEYS = 20;

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, {
  error: messageKey('api_key.scope_unknown'),
});

export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: messageKey('api_key.name_required') })
    .trim()
    .min(1, messageKey('api_key.name_required'))
    .max(
      API_KEY_NAME_MAX_LENGTH,
      messageKey('validation.too_long', { max: API_KEY_NAME_MAX_LENGTH }),
    ),
  scopes: z
    .array(ApiKeyScopeSchema, { error: messageKey('api_key.scopes_required') })
    .min(1, messageKey('api_key.scopes_required'))
    .max(API_KEY_SCOPES.length, messageKey('api_key.scopes_required'))
    // Each scope once, in the catalogue's order: the list reads the same whichever way it was sent.
    .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope))),
});
export type ApiKeyCreateInput = z.input<typeof ApiKeyCreateSchema>;
export type ApiKeyCreate = z.output<typeof ApiKeyCreateSchema>;

/** A key as lists show it: never its secret nor its hash. */
export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The secret's first characters (`af_live_` and 6 more): enough to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to a creation: the only time the secret is shown. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
