import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { attemptCounters } from '../db/schema';

export interface AttemptCount {
  /** Attempts in the key's current window, this one included. */
  current: number;
  /** Milliseconds until that window ends. */
  ttl: number;
}

/**
 * Counts one attempt on `key` in one statement: a key without a window, or whose window has
 * ended, starts a new one of `windowMs` at this attempt. The database's clock decides, so every
 * process counts alike; concurrent upserts of one key wait on its row and each sees the other's.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<AttemptCount> {
  const windowEnd = sql`now() + ${windowMs} * interval '1 millisecond'`;
  const ended = sql`${attemptCounters.expiresAt} <= now()`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, windowStart: sql`now()`, hits: 1, expiresAt: windowEnd })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${attemptCounters.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${ended} THEN now() ELSE ${attemptCounters.windowStart} END`,
        expiresAt: sql`CASE WHEN ${ended} THEN ${windowEnd} ELSE ${attemptCounters.expiresAt} END`,
      },
    })
    .returning({
      current: attemptCounters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch FROM ${attemptCounters.expiresAt} - now()) * 1000))::int`,
    });
  return row!;
}

/** Forgets the counters whose window has ended. */
export async function sweepEndedAttemptCounters(db: Database): Promise<void> {
  await db.delete(attemptCounters).where(lt(attemptCounters.expiresAt, sql`now()`));
}
