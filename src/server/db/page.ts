import { sql } from 'drizzle-orm';

/**
 * Where a keyset page stands (docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"): after, or before, the order
 * `orderId` in its list's order, `skip` rows away from it (the pages in between).
 */
export interface PageAnchor {
  orderId: string;
  side: 'after' | 'before';
  skip: number;
}

/** A window of a list, newest first: what a list route asks its queries for. */
export interface Page {
  limit: number;
  offset: number;
  /**
   * The order lists read the page from here when it is given and still in the list; `offset`
   * places the page otherwise. Other lists have none.
   */
  anchor?: PageAnchor;
}

/** A page as parameters of a prepared statement, bound with `{ limit, offset }` at each run. */
export const pagePlaceholders = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * From this offset on, a page is read with sorting priced out (`readPageInIndexOrder`): PostgreSQL
 * without fresh statistics guesses a customer or a status holds a few hundred orders, and for a
 * page that far in it would rather gather every match and sort it than walk the index in the
 * list's order, which reads only the rows up to the page.
 */
export const DEEP_PAGE_OFFSET = 100;
