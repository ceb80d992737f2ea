import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Locale } from '#shared/i18n/locales';
import { CODE_MAX_ATTEMPTS } from '#shared/schemas/driver-schemas';
import type { Database } from '../db/open-database';
import { driverSignInCodes, driverSignInFailures, drivers, users } from '../db/schema';

export interface SignInDriver {
  id: string;
  userId: string;
  active: boolean;
  /** Too many wrong codes: no phone sign-in until the office unlocks it. */
  signInLocked: boolean;
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
      signInLockedAt: drivers.signInLockedAt,
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
      signInLocked: row.signInLockedAt !== null,
      locale: row.locale,
    }
  );
}

/**
 * A new code joins the driver's others: an SMS that arrives late, after the driver asked again,
 * still works until it expires (docs/decisions/0017-security-review.md, "Driver sign-in codes").
 */
export async function insertSignInCode(
  tx: Database,
  values: { driverId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(driverSignInCodes).values(values);
}

export interface LiveSignInCode {
  id: string;
  codeHash: string;
}

/**
 * Takes one try on each of the driver's live codes (unused, unexpired, tries left) and answers
 * those codes: the count is raised and checked in this one statement, so parallel guesses cannot
 * pass CODE_MAX_ATTEMPTS (a row updated meanwhile is checked again on its new version).
 */
export async function takeTryOnLiveCodes(
  db: Database,
  driverId: string,
  now: Date,
): Promise<LiveSignInCode[]> {
  return db
    .update(driverSignInCodes)
    .set({ attempts: sql`${driverSignInCodes.attempts} + 1` })
    .where(
      and(
        eq(driverSignInCodes.driverId, driverId),
        isNull(driverSignInCodes.usedAt),
        gt(driverSignInCodes.expiresAt, now),
        lt(driverSignInCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: driverSignInCodes.id, codeHash: driverSignInCodes.codeHash });
}

/**
 * Uses the driver's unused, unexpired codes at once (one sign-in voids the other SMS); true if
 * this code was among them, so two sign-ins racing with one code cannot both succeed.
 */
export async function consumeSignInCodes(
  db: Database,
  driverId: string,
  codeId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(driverSignInCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(driverSignInCodes.driverId, driverId),
        isNull(driverSignInCodes.usedAt),
        gt(driverSignInCodes.expiresAt, now),
      ),
    )
    .returning({ id: driverSignInCodes.id });
  return rows.some((row) => row.id === codeId);
}

/**
 * Records one wrong code and locks the driver's phone sign-in once `limit` were entered since
 * `since`; true if this one locked it. The row is committed before the count, so of parallel
 * wrong codes the last to count sees them all. Rows older than `since` are swept here.
 */
export async function recordWrongCode(
  db: Database,
  driverId: string,
  { now, since, limit }: { now: Date; since: Date; limit: number },
): Promise<boolean> {
  await db.insert(driverSignInFailures).values({ driverId, createdAt: now });
  const locked = await db
    .update(drivers)
    .set({ signInLockedAt: now })
    .where(
      and(
        eq(drivers.id, driverId),
        isNull(drivers.signInLockedAt),
        sql`(SELECT count(*) FROM ${driverSignInFailures}
              WHERE ${driverSignInFailures.driverId} = ${driverId}
                AND ${driverSignInFailures.createdAt} > ${since.toISOString()}) >= ${limit}`,
      ),
    )
    .returning({ id: drivers.id });
  await db
    .delete(driverSignInFailures)
    .where(
      and(eq(driverSignInFailures.driverId, driverId), lte(driverSignInFailures.createdAt, since)),
    );
  return locked.length > 0;
}

/**
 * Lifts the lock and forgets the wrong codes counted, inside the caller's transaction; whether
 * the phone sign-in was locked before, or undefined for an unknown driver.
 */
export async function unlockSignIn(
  tx: Database,
  driverId: string,
): Promise<{ wasLocked: boolean } | undefined> {
  const [current] = await tx
    .select({ signInLockedAt: drivers.signInLockedAt })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('update');
  if (!current) return undefined;
  await tx.update(drivers).set({ signInLockedAt: null }).where(eq(drivers.id, driverId));
  await tx.delete(driverSignInFailures).where(eq(driverSignInFailures.driverId, driverId));
  return { wasLocked: current.signInLockedAt !== null };
}
