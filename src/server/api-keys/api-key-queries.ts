import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { apiKeys, organizations } from '../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The key in use whose secret has this hash; a revoked key is as unknown as a wrong one. */
export async function findActiveKeyByHash(
  db: Database,
  secretHash: string,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
  return row;
}

/** Records a use, at most once per `interval` per key: a busy key does not write on every call. */
export async function touchKeyLastUsed(
  db: Database,
  id: string,
  now: Date,
  intervalMs: number,
): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(now.getTime() - intervalMs)),
        ),
      ),
    );
}

/** What lists show of a key: never its hash. */
const listedKeyColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};
export type ListedApiKeyRow = Pick<ApiKeyRow, keyof typeof listedKeyColumns>;

/**
 * Holds the organization's row until the transaction ends: two owners creating keys at once count
 * the keys in use one after the other, so the cap holds.
 */
export async function lockOrganizationKeys(tx: Database, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
}

export async function countActiveKeys(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
}

export async function insertApiKey(
  tx: Database,
  values: Pick<
    typeof apiKeys.$inferInsert,
    'organizationId' | 'name' | 'prefix' | 'secretHash' | 'scopes' | 'createdByUserId' | 'createdAt'
  >,
): Promise<ListedApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning(listedKeyColumns);
  return row!;
}

/** The organization's keys in use, newest first. */
export async function listActiveKeys(
  db: Database,
  organizationId: string,
): Promise<ListedApiKeyRow[]> {
  return db
    .select(listedKeyColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Revokes the organization's key in use; undefined when there is none by that id. */
export async function revokeKey(
  tx: Database,
  where: { id: string; organizationId: string },
  now: Date,
): Promise<ListedApiKeyRow | undefined> {
  const [row] = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiKeys.id, where.id),
        eq(apiKeys.organizationId, where.organizationId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning(listedKeyColumns);
  return row;
}
