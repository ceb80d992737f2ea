import { and, arrayOverlaps, eq, isNull } from 'drizzle-orm';
import { ALL_WEBHOOK_EVENTS, type WebhookEvent } from '#shared/shippers-api';
import type { Database } from '../db/open-database';
import { webhookEndpoints } from '../db/schema';

/** The organization's endpoints in use that listen to `type` (or to every event). */
export async function listEndpointsListeningTo(
  db: Database,
  organizationId: string,
  type: WebhookEvent,
): Promise<Array<{ id: string }>> {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        isNull(webhookEndpoints.deletedAt),
        isNull(webhookEndpoints.disabledAt),
        arrayOverlaps(webhookEndpoints.events, [type, ALL_WEBHOOK_EVENTS]),
      ),
    );
}
