import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';

/**
 * Locks a customer's or an administrator's account for a change of its status; a driver's
 * account is the fleet's (deactivated there), so it is not found here.
 */
export async function lockEmailAccountStatus(
  db: Database,
  userId: string,
): Promise<{ disabledAt: Date | null } | undefined> {
  const [row] = await db
    .select({ disabledAt: users.disabledAt })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.role, 'DRIVER')))
    .for('update');
  return row;
}

export async function setAccountDisabledAt(
  db: Database,
  userId: string,
  disabledAt: Date | null,
  now: Date,
): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, userId));
}
