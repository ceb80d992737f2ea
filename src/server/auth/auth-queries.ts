import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/open-database';
import { preparedOnce } from '../db/prepared-statements';
import {
  companyProfiles,
  drivers,
  individualProfiles,
  passwordResetTokens,
  roleEnum,
  sessions,
  trucks,
  users,
} from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type CompanyProfileRow = typeof companyProfiles.$inferSelect;
export type IndividualProfileRow = typeof individualProfiles.$inferSelect;

/** What an account shows of itself (toPublicUser): never the password hash. */
const profileUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  userType: users.userType,
  createdAt: users.createdAt,
  locale: users.locale,
};

export interface UserWithProfile {
  user: Pick<UserRow, keyof typeof profileUserColumns>;
  company: CompanyProfileRow | null;
  individual: IndividualProfileRow | null;
  driver: { id: string; fullName: string; phone: string } | null;
  truckNumber: string | null;
}

/**
 * A customer's or an administrator's account: always an email and a password. A driver's account
 * has neither (they sign in by phone, docs/decisions/0009-drivers.md), so it is never one of these.
 */
export type EmailAccount = UserRow & {
  email: string;
  passwordHash: string;
  role: Exclude<UserRow['role'], 'DRIVER'>;
};

export function asEmailAccount(user: UserRow): EmailAccount | undefined {
  const { email, passwordHash, role } = user;
  if (role === 'DRIVER' || email === null || passwordHash === null) return undefined;
  return { ...user, email, passwordHash, role };
}

/** Password login, reset and the admin bootstrap only ever find customers and admins. */
export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<EmailAccount | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), ne(users.role, 'DRIVER')))
    .limit(1);
  return row && asEmailAccount(row);
}

export async function findUserWithProfile(
  db: Database,
  userId: string,
): Promise<UserWithProfile | undefined> {
  // The customer dashboard and the profile ask for it on every view: prepared.
  const [row] = await preparedOnce(db, 'user_with_profile', (name) =>
    db
      .select({
        user: profileUserColumns,
        company: companyProfiles,
        individual: individualProfiles,
        driver: { id: drivers.id, fullName: drivers.fullName, phone: drivers.phone },
        truckNumber: trucks.truckNumber,
      })
      .from(users)
      .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
      .leftJoin(drivers, eq(drivers.userId, users.id))
      .leftJoin(trucks, eq(trucks.driverId, drivers.id))
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare(name),
  ).execute({ userId });
  return row;
}

export async function insertCustomer(
  db: Database,
  account: Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'userType' | 'locale'>,
  profile:
    | { kind: 'company'; values: Omit<typeof companyProfiles.$inferInsert, 'userId'> }
    | { kind: 'individual'; values: Omit<typeof individualProfiles.$inferInsert, 'userId'> },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...account, role: 'USER' })
      .returning({ id: users.id });
    const userId = user!.id;
    if (profile.kind === 'company') {
      await tx.insert(companyProfiles).values({ ...profile.values, userId });
    } else {
      await tx.insert(individualProfiles).values({ ...profile.values, userId });
    }
    return userId;
  });
}

/**
 * Creates that admin, or sets the password of the admin already there. Never touches a customer's
 * or a driver's account: the conflict update applies only to an ADMIN row, so an address someone
 * registered first can never be turned into an administrator (nor their open sessions).
 */
export async function upsertAdmin(
  db: Database,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<'created' | 'updated' | 'not-an-admin'> {
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash, role: 'ADMIN', userType: null })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash, updatedAt: now },
      setWhere: eq(users.role, 'ADMIN'),
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (!row) return 'not-an-admin';
  return row.inserted ? 'created' : 'updated';
}

/** Creates that admin unless the address is taken; false when it is (by anyone). */
export async function insertAdminIfAbsent(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .insert(users)
    .values({ email, passwordHash, role: 'ADMIN', userType: null })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'ADMIN'));
  return row?.count ?? 0;
}

/** The account's password hash, for a customer or an admin; undefined for a driver. */
export async function findEmailAccountById(
  db: Database,
  userId: string,
): Promise<EmailAccount | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row && asEmailAccount(row);
}

export async function setPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}

export async function setUserLocale(
  db: Database,
  userId: string,
  locale: UserRow['locale'],
  now: Date,
): Promise<void> {
  await db.update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
}

/** `startedAt` is the first request the idle limit counts from; the database's now without it. */
export async function insertSession(
  db: Database,
  userId: string,
  expiresAt: Date,
  startedAt?: Date,
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, lastSeenAt: startedAt })
    .returning({ id: sessions.id });
  return row!.id;
}

/** What a request's caller is: never the password hash, which every request would carry. */
const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  userType: users.userType,
};

export interface SessionUser {
  user: Pick<UserRow, keyof typeof sessionUserColumns>;
  /** The driver this account belongs to, for role DRIVER; null for customers and admins. */
  driverId: string | null;
  lastSeenAt: Date;
}

/**
 * The session's user while the session stands: unrevoked, before its absolute end, and used
 * since the idle cut-off of the user's role. A deactivated driver's sessions stand no more
 * (docs/decisions/0009-drivers.md), even one that deactivation did not revoke in time.
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
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(drivers, eq(drivers.userId, users.id))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
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
