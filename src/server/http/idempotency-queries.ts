import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { idempotentRequests } from '../db/schema';

export type IdempotentRequestRow = typeof idempotentRequests.$inferSelect;

/** One user's key: a key is only ever looked up among its own user's. */
interface KeyOfUser {
  userId: string;
  key: string;
}

const isKeyOf = ({ userId, key }: KeyOfUser) =>
  and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key));

export async function deleteKeysCreatedBefore(db: Database, before: Date): Promise<void> {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, before));
}

/** Frees a key still waiting for its answer. */
export async function deleteUnansweredKey(db: Database, { userId, key }: KeyOfUser): Promise<void> {
  await db
    .delete(idempotentRequests)
    .where(
      and(
        eq(idempotentRequests.userId, userId),
        eq(idempotentRequests.key, key),
        isNull(idempotentRequests.statusCode),
      ),
    );
}

/**
 * Reserves the key in one statement, or takes it over when its row was created before
 * `expiredBefore`, or is unanswered since before `abandonedBefore`: two instances racing on one
 * key cannot both win. True when this request holds it.
 */
export async function reserveKey(
  db: Database,
  { userId, key, route, now }: KeyOfUser & { route: string; now: Date },
  { expiredBefore, abandonedBefore }: { expiredBefore: Date; abandonedBefore: Date },
): Promise<boolean> {
  const [reserved] = await db
    .insert(idempotentRequests)
    .values({ userId, key, route, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotentRequests.userId, idempotentRequests.key],
      set: { route, statusCode: null, response: null, createdAt: now },
      setWhere: or(
        lt(idempotentRequests.createdAt, expiredBefore),
        and(
          isNull(idempotentRequests.statusCode),
          lt(idempotentRequests.createdAt, abandonedBefore),
        ),
      ),
    })
    .returning({ key: idempotentRequests.key });
  return reserved !== undefined;
}

export async function findKey(
  db: Database,
  keyOfUser: KeyOfUser,
): Promise<IdempotentRequestRow | undefined> {
  const [row] = await db.select().from(idempotentRequests).where(isKeyOf(keyOfUser));
  return row;
}

export async function storeAnswer(
  db: Database,
  keyOfUser: KeyOfUser,
  answer: { statusCode: number; response: unknown },
): Promise<void> {
  await db.update(idempotentRequests).set(answer).where(isKeyOf(keyOfUser));
}
