import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locales';
import { CODE_MAX_ATTEMPTS } from '#shared/schemas/driver-schemas';
import type { Database } from '../db/open-database';
import { driverSignInCodes, drivers, users } from '../db/schema';

export interface SignInDriver {
  id: string;
  userId: string;
  active: boolean;
  /** Their account's language: the sign-in SMS is written in it. */
  locale: Locale;
}

/** The driver who signs in with this phone (E.164), active or not. */
export async function findDriverByPhone(
  db: Database,
  phoneE164: string,
): Promise<SignInDriver | undefined> {
  const [row] = await db
    .select({
      id: drivers.id,
      userId: drivers.userId,
      deactivatedAt: drivers.deactivatedAt,
      locale: users.locale,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.phoneE164, phoneE164))
    .limit(1);
  return (
    row && {
      id: row.id,
      userId: row.userId,
      active: row.deactivatedAt === null,
      locale: row.locale,
    }
  );
}

/** A new code supersedes every older one still unused: only the newest SMS ever works. */
export async function replaceSignInCode(
  tx: Database,
  values: { driverId: string; codeHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await tx
    .update(driverSignInCodes)
    .set({ usedAt: now })
    .where(and(eq(driverSignInCodes.driverId, values.driverId), isNull(driverSignInCodes.usedAt)));
  await tx.insert(driverSignInCodes).values(values);
}

export interface LiveSignInCode {
  id: string;
  codeHash: string;
}

/** A code that can still be used: unused, unexpired, tries left. */
function isLiveCode(now: Date): SQL {
  return and(
    isNull(driverSignInCodes.usedAt),
    gt(driverSignInCodes.expiresAt, now),
    lt(driverSignInCodes.attempts, CODE_MAX_ATTEMPTS),
  )!;
}

/** The driver's one live code. */
export async function findLiveSignInCode(
  db: Database,
  driverId: string,
  now: Date,
): Promise<LiveSignInCode | undefined> {
  const [row] = await db
    .select({ id: driverSignInCodes.id, codeHash: driverSignInCodes.codeHash })
    .from(driverSignInCodes)
    .where(and(eq(driverSignInCodes.driverId, driverId), isLiveCode(now)))
    .orderBy(desc(driverSignInCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Uses the code, in one statement that re-checks it is still live, so two sign-ins racing with
 * the same code cannot both succeed.
 */
export async function consumeSignInCode(db: Database, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(driverSignInCodes)
    .set({ usedAt: now })
    .where(and(eq(driverSignInCodes.id, codeId), isLiveCode(now)))
    .returning({ id: driverSignInCodes.id });
  return rows.length > 0;
}

/** A wrong try counts on the code; at CODE_MAX_ATTEMPTS it is dead. */
export async function countWrongTry(db: Database, codeId: string): Promise<void> {
  await db
    .update(driverSignInCodes)
    .set({ attempts: sql`${driverSignInCodes.attempts} + 1` })
    .where(eq(driverSignInCodes.id, codeId));
}
