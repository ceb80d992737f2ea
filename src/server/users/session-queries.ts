import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { preparedOnce } from '../db/prepared-statements';
import { drivers, roleEnum, secondFactors, sessions, users } from '../db/schema';
import type { UserRow } from './users-queries';

/** Where a session was made from, as its list shows it (the address already coarsened). */
export interface SessionOrigin {
  userAgent?: string;
  addressPrefix?: string;
}

/** `startedAt` is the first request the idle limit counts from; the database's now without it. */
export async function insertSession(
  db: Database,
  userId: string,
  expiresAt: Date,
  startedAt?: Date,
  origin: SessionOrigin = {},
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt,
      lastSeenAt: startedAt,
      // The first moment counts from the app's clock too, so that a test's clock orders them.
      ...(startedAt && { createdAt: startedAt }),
      userAgent: origin.userAgent,
      addressPrefix: origin.addressPrefix,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** What a request's caller is: never the password hash, which every request would carry. */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  userType: users.userType,
  organizationId: users.organizationId,
  orgRole: users.orgRole,
};

export interface SessionUser {
  user: Pick<UserRow, keyof typeof sessionUserColumns>;
  /** The driver this account belongs to, for role DRIVER; null for customers and admins. */
  driverId: string | null;
  lastSeenAt: Date;
  /** The account has a second factor in use (docs/decisions/0015-second-factor-and-sessions.md). */
  secondFactor: boolean;
}

/**
 * The session's user while the session stands: unrevoked, before its absolute end, and used
 * since the idle cut-off of the user's role. A deactivated driver's sessions stand no more
 * (docs/decisions/0009-drivers.md), even one that deactivation did not revoke in time; nor do a
 * disabled account's (docs/decisions/0016-audit-trail.md).
 */
export async function findActiveSessionUser(
  db: Database,
  sessionId: string,
  userId: string,
  now: Date,
  idleCutoffs: Readonly<Record<UserRow['role'], Date>>,
): Promise<SessionUser | undefined> {
  // Every authenticated request runs this: a prepared statement (docs/architecture.md, "Lists
  // at scale"), its cut-offs placeholders so that one text serves every request.
  const [row] = await preparedOnce(db, 'active_session_user', (name) => {
    const seenRecently = roleEnum.enumValues.map((role) =>
      and(eq(users.role, role), gt(sessions.lastSeenAt, sql.placeholder(`idleCutoff${role}`))),
    );
    return db
      .select({
        user: sessionUserColumns,
        driverId: drivers.id,
        lastSeenAt: sessions.lastSeenAt,
        secondFactor: sql<boolean>`${secondFactors.enabledAt} is not null`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(drivers, eq(drivers.userId, users.id))
      .leftJoin(
        secondFactors,
        and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.enabledAt)),
      )
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          isNull(users.disabledAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          or(...seenRecently),
          isNull(drivers.deactivatedAt),
        ),
      )
      .limit(1)
      .prepare(name);
  }).execute({
    sessionId,
    userId,
    // Placeholders skip the columns' own encoding: instants go as ISO text on both drivers.
    now: now.toISOString(),
    ...Object.fromEntries(
      Object.entries(idleCutoffs).map(([role, cutoff]) => [
        `idleCutoff${role}`,
        cutoff.toISOString(),
      ]),
    ),
  });
  if (!row || (row.user.role === 'DRIVER' && !row.driverId)) return undefined;
  // A customer removed from their organization belongs to none: they are signed out.
  if (row.user.role === 'USER' && !row.user.organizationId) return undefined;
  return row;
}

/**
 * Moves the session's last request to now, unless another request did since `staleBefore`:
 * concurrent requests of one session write it once.
 */
export async function touchSession(
  db: Database,
  sessionId: string,
  now: Date,
  staleBefore: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, staleBefore)));
}

export async function revokeSession(db: Database, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeSessionsOfUser(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Ends every other session of the user that still stands (unexpired, used since `idleCutoff`);
 * answers how many it ended.
 */
export async function revokeOtherSessionsOfUser(
  db: Database,
  userId: string,
  keepSessionId: string,
  now: Date,
  idleCutoff: Date,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

export interface SessionRow {
  id: string;
  userAgent: string | null;
  addressPrefix: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The user's sessions that still stand (unrevoked, unexpired, used since `idleCutoff`), newest use first. */
export async function listStandingSessionsOfUser(
  db: Database,
  userId: string,
  now: Date,
  idleCutoff: Date,
): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      addressPrefix: sessions.addressPrefix,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleCutoff),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the user's own sessions; false when it is not theirs or already ended. */
export async function revokeSessionOfUser(
  db: Database,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}
