import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from './open-database';
import type { Page } from './page';

/**
 * Past this many matching rows a list says "10,000+" instead of counting on: a count that
 * reads every match grows with the table, and nobody pages that far (narrow the search).
 */
export const TOTAL_COUNT_CAP = 10_000;

/** A list's total: exact, or TOTAL_COUNT_CAP with `capped` when more rows match. */
export interface ListTotal {
  count: number;
  capped: boolean;
}

export function exactTotal(count: number): ListTotal {
  return { count, capped: false };
}

/**
 * Counts the rows `matching` selects, reading at most one past the cap
 * (docs/architecture.md, "Lists at scale").
 */
export async function countUpTo(db: Database, matching: PgSelect): Promise<ListTotal> {
  const capped = matching.limit(TOTAL_COUNT_CAP + 1).as('capped');
  const [row] = await db.select({ total: count() }).from(capped);
  const total = row?.total ?? 0;
  return total > TOTAL_COUNT_CAP ? { count: TOTAL_COUNT_CAP, capped: true } : exactTotal(total);
}

/**
 * One page of `rows` and the capped total of what `matching` selects (the same conditions,
 * without the page), read side by side: what every searched list answers.
 */
export async function readPageWithTotal<Rows extends PgSelect>(
  db: Database,
  page: Page,
  rows: Rows,
  matching: PgSelect,
): Promise<{ rows: Awaited<Rows>; total: ListTotal }> {
  // A dynamic query is built in place: `rows` itself now reads only the page.
  rows.limit(page.limit).offset(page.offset);
  const [pageRows, total] = await Promise.all([rows, countUpTo(db, matching)]);
  return { rows: pageRows, total };
}
