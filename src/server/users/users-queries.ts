import { count, desc, ilike } from 'drizzle-orm';
import type { ListQuery } from '../../shared/schemas/list-schemas';
import type { Database } from '../db/open-database';
import { users } from '../db/schema';
import { escapeLikePattern } from '../db/like-pattern';

export async function listUsers(db: Database, query: ListQuery) {
  const where = query.q ? ilike(users.email, `%${escapeLikePattern(query.q)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        userType: users.userType,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}
