import { and, eq, gt, isNull } from 'drizzle-orm';
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

/**
 * Every link of this user still pending stops working: after a reset (the other links sent) and
 * after a password change from the profile (docs/decisions/0017-security-review.md, "Password resets").
 */
export async function voidResetTokensOfUser(
  db: Database,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
