import { sql, type SQL } from 'drizzle-orm';
import { orders } from './schema';

/**
 * The ids of one page of the orders `where` selects, newest first: chosen from the orders alone,
 * through the index in the list's order, before anything is joined to them (docs/architecture.md,
 * "Lists at scale").
 */
export function newestOrderIdsPage(
  where: SQL | undefined,
  page: { limit: unknown; offset: unknown },
): SQL {
  return sql`select ${orders.id} from ${orders}
    ${where ? sql`where ${where}` : sql``}
    order by ${orders.createdAt} desc, ${orders.id} desc
    limit ${page.limit} offset ${page.offset}`;
}
