import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '#shared/shippers-api';
import type { Database } from '../db/open-database';
import { forbidden, unauthorized } from '../http/errors';
import { findActiveKeyByHash, touchKeyLastUsed } from './api-key-queries';
import { hashApiKeySecret, looksLikeApiKey } from './api-key-secrets';

/** The caller of an /api/v1 route: an organization's key, acting for the member who made it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  organizationId: string;
  createdByUserId: string;
  scopes: readonly ApiKeyScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyCaller;
  }
  interface FastifyInstance {
    /** 401 without a valid key in use, then 403 unless the key has `scope` (/api/v1 only). */
    requireApiKey(scope: ApiKeyScope): onRequestAsyncHookHandler;
  }
}

/** A key's "last used" moves at most this often. */
const LAST_USED_INTERVAL_MS = 60_000;

function readBearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/**
 * API keys authenticate /api/v1 and nothing else (docs/decisions/0021-shippers-api.md); a revoked
 * key is refused from the next call on, since every call looks its key up.
 */
export function registerApiKeyGuard(
  app: FastifyInstance,
  deps: { db: Database; clock: () => Date },
): void {
  app.decorate('requireApiKey', (scope: ApiKeyScope) => async (request: FastifyRequest) => {
    const token = readBearerToken(request);
    if (!token) throw unauthorized('api_key.missing');
    const key = looksLikeApiKey(token)
      ? await findActiveKeyByHash(deps.db, hashApiKeySecret(token))
      : undefined;
    if (!key) {
      request.log.warn({ status: 401 }, 'api key refused');
      throw unauthorized('api_key.invalid');
    }
    request.apiKey = {
      id: key.id,
      name: key.name,
      organizationId: key.organizationId,
      createdByUserId: key.createdByUserId,
      scopes: key.scopes,
    };
    if (!key.scopes.includes(scope)) {
      request.log.warn({ status: 403, apiKeyId: key.id, scope }, 'api key lacks a scope');
      throw forbidden('api_key.scope_missing', { scope });
    }
    await touchKeyLastUsed(deps.db, key.id, deps.clock(), LAST_USED_INTERVAL_MS);
  });
}

/** The key of a route behind requireApiKey. */
export function apiKeyOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new Error('apiKeyOf() used on a route without requireApiKey');
  return request.apiKey;
}
