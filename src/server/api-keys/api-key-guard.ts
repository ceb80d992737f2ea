import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '#shared/shippers-api';
import { createAttemptLimiter } from '../auth/attempt-limits';
import type { Database } from '../db/open-database';
import { forbidden, unauthorized } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
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

/** How /api/v1's routes name their authentication in the OpenAPI document (app.ts defines it). */
export const API_KEY_SECURITY = [{ apiKey: [] }];

/** A key's "last used" moves at most this often. */
const LAST_USED_INTERVAL_MS = 60_000;
const MINUTE_MS = 60_000;

function readBearerToken(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/**
 * API keys authenticate /api/v1 and nothing else (docs/decisions/0021-shippers-api.md); a revoked
 * key is refused from the next call on, since every call looks its key up. Each key then has its
 * own rate limit (`ratePerMinute`), one counter for all of /api/v1, kept in the attempt limits'
 * shared store so every instance counts on it; one key's calls never slow another key.
 */
export function registerApiKeyGuard(
  app: ZodApp,
  deps: { db: Database; clock: () => Date; ratePerMinute: number },
): void {
  const limitKeyCalls = createAttemptLimiter(app, [
    {
      max: deps.ratePerMinute,
      timeWindow: MINUTE_MS,
      key: (request) => `api-key:${apiKeyOf(request).id}`,
    },
  ]);
  app.decorate(
    'requireApiKey',
    (scope: ApiKeyScope) => async (request: FastifyRequest, reply: FastifyReply) => {
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
      // Counted before the scope: a key calling what it may not still spends its calls.
      await limitKeyCalls.call(app, request, reply);
      if (!key.scopes.includes(scope)) {
        request.log.warn({ status: 403, apiKeyId: key.id, scope }, 'api key lacks a scope');
        throw forbidden('api_key.scope_missing', { scope });
      }
      await touchKeyLastUsed(deps.db, key.id, deps.clock(), LAST_USED_INTERVAL_MS);
    },
  );
}

/** The key of a route behind requireApiKey. */
export function apiKeyOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new Error('apiKeyOf() used on a route without requireApiKey');
  return request.apiKey;
}
