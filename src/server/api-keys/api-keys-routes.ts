import { z } from 'zod';
import {
  ApiKeyCreateSchema,
  ApiKeyCreatedSchema,
  ApiKeyListSchema,
} from '#shared/schemas/api-key-schemas';
import { officeActorOf } from '../audit/office-actions';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import type { ApiKeysService } from './api-keys-service';

const tags = ['organization'];
const security = [{ bearerAuth: [] }];

/**
 * The owner's API keys (docs/decisions/0021-shippers-api.md, "API keys"): customers only, and of
 * them owners (403 `org.role_forbidden` for staff and accountants).
 */
export function registerApiKeyRoutes(app: ZodApp, apiKeysService: ApiKeysService): void {
  const customerOnly = app.requireRole('USER');
  const refusals = { 401: ErrorBodySchema, 403: ErrorBodySchema };

  app.post(
    '/org/api-keys',
    {
      schema: {
        tags,
        security,
        summary: 'Create an API key: its secret is in this answer and never again (owner)',
        description:
          'Scopes: `parcels:read`, `parcels:write`, `labels:read`, `webhooks:manage`. ' +
          'Beyond 20 keys in use, 409 `api_key.limit_reached`.',
        body: ApiKeyCreateSchema,
        response: {
          201: ApiKeyCreatedSchema,
          400: ErrorBodySchema,
          409: ErrorBodySchema,
          ...refusals,
        },
      },
      onRequest: customerOnly,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await apiKeysService.createKey(authOf(request), officeActorOf(request), request.body),
        ),
  );

  app.get(
    '/org/api-keys',
    {
      schema: {
        tags,
        security,
        summary: "The organization's API keys in use, newest first, without their secrets (owner)",
        response: { 200: ApiKeyListSchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request) => ({ items: await apiKeysService.listKeys(authOf(request)) }),
  );

  app.delete(
    '/org/api-keys/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: refused from its next call on (owner)',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null(), 404: ErrorBodySchema, ...refusals },
      },
      onRequest: customerOnly,
    },
    async (request, reply) => {
      await apiKeysService.revokeKey(authOf(request), officeActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
