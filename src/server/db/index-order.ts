import { sql } from 'drizzle-orm';
import type { Database } from './open-database';

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
 * Reads a deep page's ids where sorting is priced out, so the planner finds the page by walking
 * the index in the list's order whatever its statistics say (docs/architecture.md, "Lists at
 * scale"). `read` selects from the orders alone in that index's order, which the walk gives
 * without a sort.
 */
export async function readPageInIndexOrder<Row>(
  db: Database,
  read: (sortless: Database) => Promise<Row[]>,
): Promise<Row[]> {
  const indexOrderDb = indexOrderDatabases.get(db);
  if (indexOrderDb) return read(indexOrderDb);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return read(tx);
  });
}
