import { sql } from 'drizzle-orm';
import type { Database } from './open-database';

interface OrderedRow {
  order: { createdAt: Date; id: string };
}

/** Newest first, as the lists' indexes are: created_at desc, id desc. */
function newestFirst(a: OrderedRow, b: OrderedRow): number {
  const byTime = b.order.createdAt.getTime() - a.order.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.order.id < b.order.id ? 1 : a.order.id > b.order.id ? -1 : 0;
}

const indexOrderDatabases = new WeakMap<Database, Database>();

/**
 * The connections `db` reads deep pages on, where sorting is priced out for good
 * (`enable_sort=off`): openDatabase sets them up on PostgreSQL. Without them (the embedded
 * database has one connection) each deep page takes a transaction that prices sorting out.
 */
export function setIndexOrderDatabase(db: Database, indexOrderDb: Database): void {
  indexOrderDatabases.set(db, indexOrderDb);
}

/**
 * Reads a deep page of orders where sorting is priced out, so the planner finds the page by
 * walking the index in the list's order whatever its statistics say (docs/architecture.md,
 * "Lists at scale"). `read` must leave its rows unordered: with sorting priced out the planner
 * would rather walk a whole index than sort the page's few rows, so they are put in order here.
 */
export async function readPageInIndexOrder<Row extends OrderedRow>(
  db: Database,
  read: (sortless: Database) => Promise<Row[]>,
): Promise<Row[]> {
  const indexOrderDb = indexOrderDatabases.get(db);
  const rows = indexOrderDb
    ? await read(indexOrderDb)
    : await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        return read(tx);
      });
  return rows.sort(newestFirst);
}
