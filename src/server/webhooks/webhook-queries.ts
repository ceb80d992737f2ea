import { and, arrayOverlaps, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ALL_WEBHOOK_EVENTS, type WebhookEvent } from '#shared/shippers-api';
import type { WebhookDisabledReason } from '#shared/schemas/webhook-schemas';
import type { Database } from '../db/open-database';
import { users, webhookEndpoints } from '../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

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

export async function insertEndpoint(
  tx: Database,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

/** The organization's endpoints not deleted, newest first (webhook_endpoints_organization_idx). */
export async function listOrganizationEndpoints(
  db: Database,
  organizationId: string,
): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.organizationId, organizationId), isNull(webhookEndpoints.deletedAt)),
    )
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

/** The organization's endpoint `id`, not deleted: another organization's is never found. */
const isOrganizationEndpoint = (organizationId: string, id: string) =>
  and(
    eq(webhookEndpoints.id, id),
    eq(webhookEndpoints.organizationId, organizationId),
    isNull(webhookEndpoints.deletedAt),
  );

/** One endpoint of the organization, not deleted; locked for the caller's transaction. */
export async function lockOrganizationEndpoint(
  tx: Database,
  organizationId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(isOrganizationEndpoint(organizationId, id))
    .for('update');
  return row;
}

export async function findOrganizationEndpoint(
  db: Database,
  organizationId: string,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(isOrganizationEndpoint(organizationId, id));
  return row;
}

/** Any endpoint, deleted and disabled ones included: what a delivery is checked against. */
export async function findEndpoint(
  db: Database,
  id: string,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function updateEndpoint(
  tx: Database,
  id: string,
  changes: Partial<
    Pick<
      WebhookEndpointRow,
      | 'url'
      | 'events'
      | 'description'
      | 'disabledAt'
      | 'disabledReason'
      | 'failingSince'
      | 'deletedAt'
    >
  >,
  now: Date,
): Promise<WebhookEndpointRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row!;
}

/** A success: the endpoint is no longer failing. */
export async function clearEndpointFailing(db: Database, id: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, id), isNotNull(webhookEndpoints.failingSince)));
}

/** A failure: the first since the last success starts the endpoint's failing time. */
export async function markEndpointFailing(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: now })
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.failingSince)));
}

/**
 * Turns an endpoint in use off; undefined when it already was (another delivery's failure got
 * there first), so that only one of them tells the owners.
 */
export async function disableEndpointInUse(
  tx: Database,
  id: string,
  reason: WebhookDisabledReason,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.id, id),
        isNull(webhookEndpoints.disabledAt),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** Who is told that an endpoint was turned off: the organization's owners with an email. */
export async function listOrganizationOwners(
  db: Database,
  organizationId: string,
): Promise<Array<{ email: string; locale: string }>> {
  const rows = await db
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.orgRole, 'owner'),
        isNotNull(users.email),
        isNull(users.disabledAt),
      ),
    );
  return rows.map((row) => ({ email: row.email!, locale: row.locale }));
}
