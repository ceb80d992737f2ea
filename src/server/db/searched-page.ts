import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListTotal } from './list-total';
import type { Page } from './page';

/*
 * A searched list (the back office's orders and payments) is read by number: the matches' ids
 * are picked first, on their own table, and only the page's rows are joined.
 */

/**
 * A search matching fewer rows than this has them gathered first (through its indexes) and
 * sorted; a commoner one is read by walking the date index until the page is full. Left alone,
 * the planner walks the index for rare matches too (it cannot size `= any(array(…))`), and
 * then reads every order to fill a page that stays empty.
 */
const GATHER_FIRST_BELOW = 5_000;

/** The ids of one page of `matches` (a select of id and created_at), newest first. */
export function selectPageIds(matches: SQLWrapper, page: Page, gatherFirst: boolean): SQL {
  return sql`with matches as ${gatherFirst ? sql`materialized` : sql`not materialized`} (${matches})
    select id from matches order by created_at desc, id desc
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * Counts first when searching: the count (needed for X-Total-Count anyway) tells how to read
 * the page. Without a search both run at once.
 */
export async function countThenSelectPage<Row>(
  count: Promise<ListTotal>,
  searching: boolean,
  selectPage: (gatherFirst: boolean) => Promise<Row[]>,
): Promise<{ rows: Row[]; total: ListTotal }> {
  if (!searching) {
    const [rows, total] = await Promise.all([selectPage(false), count]);
    return { rows, total };
  }
  const total = await count;
  return { rows: await selectPage(!total.capped && total.count < GATHER_FIRST_BELOW), total };
}
