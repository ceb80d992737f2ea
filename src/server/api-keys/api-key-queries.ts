import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { apiKeys } from '../db/schema';

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
