import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { recoveryCodes, secondFactors } from '../db/schema';

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export async function findSecondFactor(
  db: Database,
  userId: string,
): Promise<SecondFactorRow | undefined> {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId));
  return row;
}

/** A new secret to confirm, replacing one not yet confirmed; nothing if one is in use. */
export async function upsertPendingSecondFactor(
  db: Database,
  userId: string,
  sealedSecret: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(secondFactors)
    .values({ userId, sealedSecret, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { sealedSecret, lastUsedStep: null, updatedAt: now },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/**
 * Takes a code's time step if it is later than every step accepted before, in one statement, so
 * two requests with the same code cannot both pass. `enabled` says which state the factor must be
 * in (confirming a new one, or signing in with one in use); confirming turns it on.
 */
export async function claimTimeStep(
  db: Database,
  userId: string,
  step: number,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step, updatedAt: now, ...(enabled ? {} : { enabledAt: now }) })
    .where(
      and(
        eq(secondFactors.userId, userId),
        enabled ? isNotNull(secondFactors.enabledAt) : isNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** The account's recovery codes become these (older ones, used or not, are dropped). */
export async function replaceRecoveryCodes(
  db: Database,
  userId: string,
  codeHashes: readonly string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up a recovery code in one statement: true once, false ever after. */
export async function consumeRecoveryCode(
  db: Database,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

/** Removes the account's second factor and recovery codes (turned off, or reset by create-admin). */
export async function deleteSecondFactor(db: Database, userId: string): Promise<boolean> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}
