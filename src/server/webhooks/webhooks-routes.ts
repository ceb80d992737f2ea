import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
} from '#shared/schemas/webhook-schemas';
import { API_KEY_SECURITY, apiKeyOf } from '../api-keys/api-key-guard';
import { officeActorOf } from '../audit/office-actions';
import { authOf } from '../auth/auth-guards';
import { ErrorBodySchema } from '../http/errors';
import type { ZodApp } from '../http/zod-app';
import { assertOrgRoleMay } from '../orgs/org-access';
import type { WebhookManager, WebhooksService } from './webhooks-service';

const ErrorSchema = ErrorBodySchema;
const EndpointParams = z.object({ id: z.string().max(100) });
const DeliveryParams = z.object({ id: z.string().max(100), deliveryId: z.string().max(100) });
const DeliveriesQuery = z.object({
  cursor: z.string().max(100).optional().meta({ description: "The previous page's `nextCursor`" }),
});

interface Surface {
  prefix: string;
  tags: string[];
  /** How the OpenAPI document names the surface's authentication. */
  security: Array<Record<string, string[]>>;
  guard: onRequestAsyncHookHandler;
  managerOf(request: FastifyRequest): WebhookManager;
  who: string;
}

/**
 * The same six routes for the owner's screen (/api/org/webhooks, a session) and for a shop's
 * code (/api/v1/webhooks, an API key with `webhooks:manage`): docs/decisions/0021-shippers-api.md,
 * "Signed webhooks".
 */
function registerSurface(app: ZodApp, service: WebhooksService, surface: Surface): void {
  const { prefix, tags, guard, managerOf, who } = surface;
  const { security } = surface;
  const refusals = { 401: ErrorSchema, 403: ErrorSchema };

  app.post(
    prefix,
    {
      schema: {
        tags,
        security,
        summary: `Add a webhook endpoint; its signing secret is in this answer only (${who})`,
        description:
          'Events: some of parcel.created, parcel.dispatched, parcel.picked_up, parcel.delivered, ' +
          'parcel.delivery_failed, parcel.cancelled, payout.paid, or ["*"] for all. The URL must be ' +
          'https and lead to a public address (400 `webhook.url_https_required`, ' +
          '`webhook.url_private`, `webhook.url_unresolved` on `url`). Each delivery is signed per ' +
          'Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with the secret.',
        body: WebhookEndpointCreateSchema,
        response: { 201: WebhookEndpointCreatedSchema, 400: ErrorSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(managerOf(request), request.body)),
  );

  app.get(
    prefix,
    {
      schema: {
        tags,
        security,
        summary: `The organization's webhook endpoints, newest first (${who})`,
        response: { 200: WebhookEndpointListSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request) => ({ endpoints: await service.list(managerOf(request)) }),
  );

  app.patch(
    `${prefix}/:id`,
    {
      schema: {
        tags,
        security,
        summary: `Change an endpoint's URL, events or note, or turn it off and on (${who})`,
        description:
          'Turning it off fails its queued deliveries; turning it on again starts its failing ' +
          'time over.',
        params: EndpointParams,
        body: WebhookEndpointUpdateSchema,
        response: { 200: WebhookEndpointSchema, 400: ErrorSchema, 404: ErrorSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request) => service.update(managerOf(request), request.params.id, request.body),
  );

  app.delete(
    `${prefix}/:id`,
    {
      schema: {
        tags,
        security,
        summary: `Delete an endpoint; its queued deliveries fail (${who})`,
        params: EndpointParams,
        response: { 204: z.null(), 404: ErrorSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request, reply) => {
      await service.remove(managerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${prefix}/:id/deliveries`,
    {
      schema: {
        tags,
        security,
        summary: `An endpoint's deliveries, newest first, 20 a page (${who})`,
        params: EndpointParams,
        querystring: DeliveriesQuery,
        response: { 200: WebhookDeliveryPageSchema, 404: ErrorSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request) =>
      service.listDeliveries(managerOf(request), request.params.id, request.query.cursor),
  );

  app.post(
    `${prefix}/:id/deliveries/:deliveryId/retry`,
    {
      schema: {
        tags,
        security,
        summary: `Send a delivery again, with the same webhook-id (${who})`,
        description:
          '409 `webhook.delivery_queued` while it is still queued; 409 ' +
          '`webhook.endpoint_disabled` while the endpoint is off.',
        params: DeliveryParams,
        response: { 200: WebhookDeliverySchema, 404: ErrorSchema, 409: ErrorSchema, ...refusals },
      },
      onRequest: guard,
    },
    async (request) =>
      service.retryDelivery(managerOf(request), request.params.id, request.params.deliveryId),
  );
}

export function registerWebhookRoutes(app: ZodApp, service: WebhooksService): void {
  registerSurface(app, service, {
    prefix: '/org/webhooks',
    tags: ['organization'],
    security: [{ bearerAuth: [] }],
    guard: app.requireRole('USER'),
    who: 'owner',
    managerOf(request) {
      const auth = authOf(request);
      return {
        organizationId: assertOrgRoleMay(auth, 'manageIntegrations'),
        actor: officeActorOf(request),
      };
    },
  });
  registerSurface(app, service, {
    prefix: '/v1/webhooks',
    tags: ['webhooks'],
    security: API_KEY_SECURITY,
    guard: app.requireApiKey('webhooks:manage'),
    who: 'API key with webhooks:manage',
    managerOf(request) {
      const key = apiKeyOf(request);
      return {
        organizationId: key.organizationId,
        actor: { userId: key.createdByUserId, role: 'USER', ip: request.ip },
      };
    },
  });
}
