import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { isLocale, DEFAULT_LOCALE } from '#shared/i18n/locales';
import type { WebhookDisabledReason } from '#shared/schemas/webhook-schemas';
import type { Database } from '../db/open-database';
import { WEBHOOK_DISABLED_TEMPLATE } from '../messages/message-templates';
import type { MessagesService } from '../messages/messages-service';
import { failQueuedWebhookDeliveries } from '../messages/outbox-writes';
import {
  checkWebhookDestination,
  RefusedWebhookUrl,
  type ResolveHost,
} from './webhook-destination';
import { postWebhook } from './webhook-http';
import {
  clearEndpointFailing,
  disableEndpointInUse,
  findEndpoint,
  listOrganizationOwners,
  markEndpointFailing,
  type WebhookEndpointRow,
} from './webhook-queries';
import type { WebhookSecrets } from './webhook-secrets';

/** An endpoint failing this long (from its first failure since a success) is turned off. */
export const WEBHOOK_FAILING_LIMIT_MS = 3 * 24 * 60 * 60 * 1000;
/** A receiver has this long to answer (the whole exchange). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

const USER_AGENT = 'AtlasFreight-Webhooks/1 (+https://atlasfreight.ma)';

/** What the outbox worker records for one attempt. */
export type WebhookOutcome =
  | { kind: 'sent'; statusCode: number }
  /** Tried again with the outbox's backoff. */
  | { kind: 'retry'; statusCode: number | null; reason: string }
  /** Given up: the endpoint will take no more. */
  | { kind: 'failed'; statusCode: number | null; reason: string };

export interface WebhookAttempt {
  /** The outbox row's id: the `webhook-id`, the same on every attempt. */
  id: string;
  /** The endpoint's id. */
  recipient: string;
  payload: unknown;
}

export interface WebhookDeliveryDeps {
  db: Database;
  secrets: WebhookSecrets;
  messagesService: Pick<MessagesService, 'queue'>;
  clock: () => Date;
  log: FastifyBaseLogger;
  allowHttp: boolean;
  timeoutMs?: number;
  resolve?: ResolveHost;
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

/**
 * One attempt at a webhook delivery (docs/decisions/0021-shippers-api.md, "Sending a webhook"):
 * the endpoint must still be in use and its URL still lead to a public address; the body is
 * signed per Standard Webhooks and POSTed; a 2xx is delivered, a 410 turns the endpoint off,
 * anything else is tried again until the endpoint has failed for 3 days, when it is turned off
 * and its owners told.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, clock, log } = deps;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  /** Off, its queued deliveries failed, its owners told: all or nothing. */
  async function disable(
    endpoint: WebhookEndpointRow,
    reason: Exclude<WebhookDisabledReason, 'owner'>,
  ) {
    await db.transaction(async (tx) => {
      const disabled = await disableEndpointInUse(tx, endpoint.id, reason, clock());
      if (!disabled) return;
      await failQueuedWebhookDeliveries(tx, endpoint.id, `endpoint turned off (${reason})`);
      const owners = await listOrganizationOwners(tx, endpoint.organizationId);
      await deps.messagesService.queue(
        tx,
        owners.map((owner) => ({
          channel: 'email' as const,
          recipient: owner.email,
          template: WEBHOOK_DISABLED_TEMPLATE,
          params: { url: endpoint.url, reason },
          locale: isLocale(owner.locale) ? owner.locale : DEFAULT_LOCALE,
        })),
      );
      log.warn({ endpointId: endpoint.id, reason }, 'webhook endpoint turned off');
    });
  }

  async function failure(
    endpoint: WebhookEndpointRow,
    statusCode: number | null,
    reason: string,
  ): Promise<WebhookOutcome> {
    const now = clock();
    if (
      endpoint.failingSince &&
      now.getTime() - endpoint.failingSince.getTime() >= WEBHOOK_FAILING_LIMIT_MS
    ) {
      await disable(endpoint, 'failing');
      return {
        kind: 'failed',
        statusCode,
        reason: `${reason}; failing for 3 days, endpoint turned off`,
      };
    }
    await markEndpointFailing(db, endpoint.id, now);
    return { kind: 'retry', statusCode, reason };
  }

  return {
    async send(attempt: WebhookAttempt): Promise<WebhookOutcome> {
      const endpoint = await findEndpoint(db, attempt.recipient);
      if (!endpoint || endpoint.deletedAt) {
        return { kind: 'failed', statusCode: null, reason: 'endpoint deleted' };
      }
      if (endpoint.disabledAt) {
        return {
          kind: 'failed',
          statusCode: null,
          reason: `endpoint turned off (${endpoint.disabledReason ?? 'owner'})`,
        };
      }
      let destination;
      try {
        destination = await checkWebhookDestination(endpoint.url, {
          allowHttp: deps.allowHttp,
          resolve: deps.resolve,
        });
      } catch (error) {
        if (!(error instanceof RefusedWebhookUrl)) throw error;
        log.warn({ endpointId: endpoint.id, code: error.code }, 'webhook address refused');
        return failure(endpoint, null, `address refused: ${error.message}`);
      }
      const body = JSON.stringify(attempt.payload);
      const sentAt = clock();
      let signingSecret: string;
      try {
        signingSecret = deps.secrets.open(endpoint.secretSealed);
      } catch {
        // Sealed under another server secret (JWT_SECRET changed): no delivery can be signed
        // until the owner adds the endpoint again, so it fails like an unreachable one.
        return failure(
          endpoint,
          null,
          'the signing secret cannot be opened with this server secret',
        );
      }
      const signature = new Webhook(signingSecret).sign(attempt.id, sentAt, body);
      let statusCode: number;
      try {
        statusCode = await postWebhook({
          destination,
          body,
          timeoutMs,
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            'webhook-id': attempt.id,
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': signature,
          },
        });
      } catch (error) {
        return failure(endpoint, null, error instanceof Error ? error.message : String(error));
      }
      if (statusCode >= 200 && statusCode < 300) {
        if (endpoint.failingSince) await clearEndpointFailing(db, endpoint.id);
        return { kind: 'sent', statusCode };
      }
      if (statusCode === 410) {
        await disable(endpoint, 'gone');
        return { kind: 'failed', statusCode, reason: 'answered 410 Gone: endpoint turned off' };
      }
      return failure(endpoint, statusCode, `answered ${statusCode}`);
    },
  };
}
