import { messageKey } from '#shared/i18n/message-key';
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from '#shared/schemas/webhook-schemas';
import type { WebhookEventSubscription } from '#shared/shippers-api';
import { recordOfficeAction, type AuditSummary, type OfficeActor } from '../audit/office-actions';
import type { Database } from '../db/open-database';
import { isUuid } from '../db/uuid';
import { badRequest, conflict, notFound } from '../http/errors';
import {
  failQueuedWebhookDeliveries,
  findWebhookDelivery,
  listWebhookDeliveries,
  requeueWebhookDelivery,
  type WebhookDeliveryRow,
} from '../messages/outbox-writes';
import {
  checkWebhookDestination,
  RefusedWebhookUrl,
  type ResolveHost,
} from './webhook-destination';
import {
  findOrganizationEndpoint,
  insertEndpoint,
  listOrganizationEndpoints,
  lockOrganizationEndpoint,
  updateEndpoint,
  type WebhookEndpointRow,
} from './webhook-queries';
import type { WebhookSecrets } from './webhook-secrets';

/** Who manages an organization's endpoints: its owner signed in, or a `webhooks:manage` key. */
export interface WebhookManager {
  organizationId: string;
  /** The audit row's actor: the owner, or the member who made the key. */
  actor: OfficeActor;
}

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventSubscription[];
  description: string | null;
}

export interface WebhookEndpointChanges {
  url?: string;
  events?: WebhookEventSubscription[];
  description?: string | null;
  enabled?: boolean;
}

/** Deliveries per page of an endpoint's log. */
export const DELIVERY_PAGE_SIZE = 20;

export function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.disabledAt ? 'disabled' : 'active',
    disabledReason: row.disabledAt ? (row.disabledReason ?? 'owner') : null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    type: row.template,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** What an audit row keeps of an endpoint: never its secret. */
function summaryOf(row: WebhookEndpointRow): AuditSummary {
  return {
    url: row.url,
    events: row.events.join(','),
    description: row.description,
    enabled: row.disabledAt === null,
  };
}

export interface WebhooksServiceDeps {
  db: Database;
  secrets: WebhookSecrets;
  clock: () => Date;
  /** WEBHOOKS_ALLOW_HTTP=1 */
  allowHttp: boolean;
  resolve?: ResolveHost;
}

/**
 * An organization's webhook endpoints and their delivery log (docs/decisions/0021-shippers-api.md,
 * "Signed webhooks"): the owner's, on /api/org/webhooks, or a `webhooks:manage` key's, on
 * /api/v1/webhooks; every change is audited.
 */
export function createWebhooksService({
  db,
  secrets,
  clock,
  allowHttp,
  resolve,
}: WebhooksServiceDeps) {
  /** 400 on `url` unless it may receive webhooks now. */
  async function assertUrlAllowed(url: string): Promise<void> {
    try {
      await checkWebhookDestination(url, { allowHttp, resolve });
    } catch (error) {
      if (!(error instanceof RefusedWebhookUrl)) throw error;
      throw badRequest(error.code, {}, { url: messageKey(error.code) });
    }
  }

  async function endpointOf(manager: WebhookManager, id: string): Promise<WebhookEndpointRow> {
    const row = isUuid(id)
      ? await findOrganizationEndpoint(db, manager.organizationId, id)
      : undefined;
    if (!row) throw notFound('webhook.not_found');
    return row;
  }

  return {
    async create(
      manager: WebhookManager,
      input: WebhookEndpointInput,
    ): Promise<WebhookEndpointCreated> {
      await assertUrlAllowed(input.url);
      const secret = secrets.newSecret();
      const row = await db.transaction(async (tx) => {
        const created = await insertEndpoint(tx, {
          organizationId: manager.organizationId,
          url: input.url,
          events: input.events,
          description: input.description,
          secretSealed: secrets.seal(secret),
          createdByUserId: manager.actor.userId,
          createdAt: clock(),
          updatedAt: clock(),
        });
        await recordOfficeAction(tx, {
          actor: manager.actor,
          action: 'webhook.create',
          record: { type: 'webhook_endpoint', id: created.id },
          after: summaryOf(created),
        });
        return created;
      });
      return { endpoint: toWebhookEndpoint(row), secret };
    },

    async list(manager: WebhookManager): Promise<WebhookEndpoint[]> {
      return (await listOrganizationEndpoints(db, manager.organizationId)).map(toWebhookEndpoint);
    },

    async update(
      manager: WebhookManager,
      id: string,
      changes: WebhookEndpointChanges,
    ): Promise<WebhookEndpoint> {
      if (!isUuid(id)) throw notFound('webhook.not_found');
      if (changes.url !== undefined) await assertUrlAllowed(changes.url);
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const before = await lockOrganizationEndpoint(tx, manager.organizationId, id);
        if (!before) throw notFound('webhook.not_found');
        const turnOff = changes.enabled === false && before.disabledAt === null;
        const turnOn = changes.enabled === true && before.disabledAt !== null;
        const after = await updateEndpoint(
          tx,
          id,
          {
            ...(changes.url !== undefined && { url: changes.url }),
            ...(changes.events !== undefined && { events: changes.events }),
            ...(changes.description !== undefined && { description: changes.description || null }),
            ...(turnOff && { disabledAt: now, disabledReason: 'owner' as const }),
            // On again: its failing time starts over, or the next failure would turn it off.
            ...(turnOn && { disabledAt: null, disabledReason: null, failingSince: null }),
          },
          now,
        );
        if (turnOff) await failQueuedWebhookDeliveries(tx, id, 'endpoint turned off (owner)');
        await recordOfficeAction(tx, {
          actor: manager.actor,
          action: 'webhook.update',
          record: { type: 'webhook_endpoint', id },
          before: summaryOf(before),
          after: summaryOf(after),
        });
        return after;
      });
      return toWebhookEndpoint(row);
    },

    /** Soft: the row stays (its deliveries name it); what it still had queued fails. */
    async remove(manager: WebhookManager, id: string): Promise<void> {
      if (!isUuid(id)) throw notFound('webhook.not_found');
      const now = clock();
      await db.transaction(async (tx) => {
        const before = await lockOrganizationEndpoint(tx, manager.organizationId, id);
        if (!before) throw notFound('webhook.not_found');
        await updateEndpoint(tx, id, { deletedAt: now }, now);
        await failQueuedWebhookDeliveries(tx, id, 'endpoint deleted');
        await recordOfficeAction(tx, {
          actor: manager.actor,
          action: 'webhook.delete',
          record: { type: 'webhook_endpoint', id },
          before: summaryOf(before),
        });
      });
    },

    async listDeliveries(
      manager: WebhookManager,
      id: string,
      cursor: string | undefined,
    ): Promise<WebhookDeliveryPage> {
      const endpoint = await endpointOf(manager, id);
      const rows = await listWebhookDeliveries(
        db,
        endpoint.id,
        cursor && isUuid(cursor) ? cursor : undefined,
        DELIVERY_PAGE_SIZE + 1,
      );
      const page = rows.slice(0, DELIVERY_PAGE_SIZE);
      return {
        items: page.map(toWebhookDelivery),
        nextCursor: rows.length > DELIVERY_PAGE_SIZE ? page.at(-1)!.id : null,
      };
    },

    /** "Send again": the same delivery (same `webhook-id`) queued from scratch. */
    async retryDelivery(
      manager: WebhookManager,
      id: string,
      deliveryId: string,
    ): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(manager, id);
      if (!isUuid(deliveryId)) throw notFound('webhook.delivery_not_found');
      if (endpoint.disabledAt) throw conflict('webhook.endpoint_disabled');
      const row = await requeueWebhookDelivery(db, endpoint.id, deliveryId);
      if (row) return toWebhookDelivery(row);
      const existing = await findWebhookDelivery(db, endpoint.id, deliveryId);
      if (!existing) throw notFound('webhook.delivery_not_found');
      throw conflict('webhook.delivery_queued');
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
