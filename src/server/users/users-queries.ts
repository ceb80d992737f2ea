import { and, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { AdminUserListQuery } from '#shared/schemas/admin-schemas';
import { readPageWithTotal } from '../db/list-total';
import type { Database } from '../db/open-database';
import type { Page } from '../db/page';
import { companyProfiles, individualProfiles, users } from '../db/schema';
import { escapeLikePattern } from '../db/like-pattern';

function selectUsersWithNames(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      userType: users.userType,
      role: users.role,
      createdAt: users.createdAt,
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
