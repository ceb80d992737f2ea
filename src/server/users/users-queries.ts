import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { AdminUserListQuery } from '#shared/schemas/admin-schemas';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { preparedOnce } from '../db/prepared-statements';
import {
  companyProfiles,
  drivers,
  individualProfiles,
  organizations,
  trucks,
  users,
} from '../db/schema';
import { escapeLikePattern } from '../db/like-pattern';

function selectUsersWithNames(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      role: users.role,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
      companyName: companyProfiles.companyName,
      fullName: individualProfiles.fullName,
    })
    .from(users)
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id));
}

/** Customers and admins: drivers' accounts belong to the Trucks screen, not this list. */
export async function listUsers(db: Database, query: AdminUserListQuery, page: Page) {
  const pattern = query.q ? `%${escapeLikePattern(query.q)}%` : undefined;
  const where = and(
    ne(users.role, 'DRIVER'),
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(companyProfiles.companyName, pattern),
          ilike(individualProfiles.fullName, pattern),
        )
      : undefined,
  );
  return readPageWithTotal(
    db,
    page,
    selectUsersWithNames(db).where(where).orderBy(desc(users.createdAt), desc(users.id)).$dynamic(),
    db
      .select({ id: users.id })
      .from(users)
      .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
      .leftJoin(individualProfiles, eq(individualProfiles.userId, users.id))
      .where(where)
      .$dynamic(),
  );
}
export type UserListRow = Awaited<ReturnType<typeof listUsers>>['rows'][number];

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
  orgRole: users.orgRole,
  fullName: users.fullName,
};

export interface UserWithProfile {
  user: Pick<UserRow, keyof typeof profileUserColumns>;
  /** A customer's organization; null for others and for a member who was removed. */
  organization: { id: string; name: string } | null;
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
        organization: { id: organizations.id, name: organizations.name },
        company: companyProfiles,
        individual: individualProfiles,
        driver: { id: drivers.id, fullName: drivers.fullName, phone: drivers.phone },
        truckNumber: trucks.truckNumber,
      })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.organizationId))
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

/**
 * A new customer and the organization they own, named after their company or their full name
 * (docs/decisions/0014-organizations.md).
 */
export async function insertCustomer(
  db: Database,
  account: Pick<typeof users.$inferInsert, 'email' | 'passwordHash' | 'userType' | 'locale'>,
  profile:
    | { kind: 'company'; values: Omit<typeof companyProfiles.$inferInsert, 'userId'> }
    | { kind: 'individual'; values: Omit<typeof individualProfiles.$inferInsert, 'userId'> },
): Promise<string> {
  return db.transaction(async (tx) => {
    const name = profile.kind === 'company' ? profile.values.companyName : profile.values.fullName;
    const [organization] = await tx
      .insert(organizations)
      .values({ name })
      .returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({ ...account, role: 'USER', organizationId: organization!.id, orgRole: 'owner' })
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
