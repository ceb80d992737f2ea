import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { passwordResetTokens } from '../db/schema';

export async function insertPasswordResetToken(
  db: Database,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Marks the token used if it is still usable, in one statement, so two requests racing with
 * the same link cannot both succeed. Returns the user it belongs to.
 */
export async function consumePasswordResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** After a reset, older links sent to the same user stop working too. */
export async function expireOtherResetTokens(
  db: Database,
  userId: string,
  keepHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        ne(passwordResetTokens.tokenHash, keepHash),
      ),
    );
}
