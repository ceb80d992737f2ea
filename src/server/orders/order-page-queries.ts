import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGER_BUTTONS } from '#shared/schemas/list-schemas';
import { readPageInIndexOrder } from '../db/index-order';
import type { Database } from '../db/open-database';
import { DEEP_PAGE_OFFSET, pagePlaceholders, type Page, type PageAnchor } from '../db/page';
import { preparedOnce } from '../db/prepared-statements';
import { orders } from '../db/schema';

/*
 * An unsearched page of orders is read in two prepared statements: the page's ids from the orders
 * alone, then the rows of exactly those ids with everything joined (docs/architecture.md, "Lists
 * at scale"). One statement joining a `limit $1 offset $2` subquery would be planned anew on every
 * request: its generic plan must guess the page's size, guesses a tenth of the table, and so never
 * wins over a custom plan, and planning the admin list's seven joins takes ten times as long as
 * running them. Both statements here keep one cached plan per connection: the ids one reads one
 * table, and the rows one names each id, so its generic plan knows exactly how many rows come.
 *
 * A first page, the one nearly every view asks for, takes one statement: its length is written in
 * the text (one statement per length), so that its plan knows the page's size and is cached too.
 *
 * A page read from an anchor (an order on a page nearby, keyset paging: "Deep pages") is one
 * statement too: it seeks to that order in the index and reads only the page, however deep.
 */

/** A prepared statement as drizzle builds it, answering rows of one shape. */
interface PreparedRows<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/** A select of rows of one shape, as drizzle builds it, to be ordered and prepared. */
interface SelectedRows<Row> {
  orderBy(...order: SQL[]): { prepare(name: string): PreparedRows<Row> };
  prepare(name: string): PreparedRows<Row>;
}

/** Every order list's order: newest first, ids breaking ties, as the lists' indexes hold them. */
export const newestOrdersFirst = [desc(orders.createdAt), desc(orders.id)];
const oldestOrdersFirst = [asc(orders.createdAt), asc(orders.id)];

/**
 * A subquery of the ids of `count` orders `where` selects, in `order` (newest first by default),
 * `skip` rows in. Its length and skip are written in the text, so that the cached plan of the
 * statement around it knows how many rows come (one statement per length and skip).
 */
export function pickOrderIds({
  where,
  count,
  order = newestOrdersFirst,
  skip = 0,
}: {
  where?: SQL;
  count: number;
  order?: SQL[];
  skip?: number;
}): SQL {
  if (!Number.isSafeInteger(count) || count < 0) throw new Error(`Not a count: ${count}`);
  if (!Number.isSafeInteger(skip) || skip < 0) throw new Error(`Not a count of rows: ${skip}`);
  return sql`select ${orders.id} from ${orders} ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(count))}
    ${skip > 0 ? sql`offset ${sql.raw(String(skip))}` : sql``}`;
}

/** A statement reading one page's ids (`where` may hold placeholders, bound from `values`). */
export interface OrderIdsQuery {
  /** Names the statement: must say everything that changes `where`'s text. */
  name: string;
  where: SQL | undefined;
  values?: Record<string, unknown>;
  /**
   * Which orders may anchor a keyset page (its placeholders bound from `values`): a customer's
   * own, else an anchor would tell where another customer's order stands. None: any order.
   */
  anchorScope?: SQL;
}

/**
 * A list's total, read beside its page so that it costs no statement of its own: a scalar
 * subquery (of the counters) that may use the ids query's placeholders, and the total read alone,
 * for a page past the end of the list, which has no row to carry it.
 */
export interface PageTotal {
  sql: SQL;
  readAlone: () => Promise<number>;
}

/** The ids of one page, newest first, each beside the list's total. */
function readNewestOrderIds(
  db: Database,
  query: OrderIdsQuery,
  total: SQL,
  page: Page,
): Promise<Array<{ id: string; total: unknown }>> {
  return preparedOnce(db, query.name, (name) =>
    db
      .select({ id: orders.id, total })
      .from(orders)
      .where(query.where)
      .orderBy(...newestOrdersFirst)
      .limit(pagePlaceholders.limit)
      .offset(pagePlaceholders.offset)
      .prepare(name),
  ).execute({ ...query.values, ...page });
}

/**
 * The ids of one page of the orders `query` selects, newest first, through the index in the
 * list's order; deep pages with sorting priced out (readPageInIndexOrder).
 */
function readPageIds(db: Database, query: OrderIdsQuery, total: SQL, page: Page) {
  if (page.offset < DEEP_PAGE_OFFSET) return readNewestOrderIds(db, query, total, page);
  return readPageInIndexOrder(db, (sortless) =>
    readNewestOrderIds(sortless, { ...query, name: `${query.name}_deep` }, total, page),
  );
}

/**
 * Where a page read in one statement starts: at the list's top, or `skip` rows beyond an anchor
 * (keyset paging, docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"). `order` walks away from the start.
 */
interface PageStart {
  /** Names the statement: says everything that changes its text. */
  name: string;
  where?: SQL;
  order: SQL[];
  /** Rows skipped from the start, written in the text. */
  skip?: number;
  values: Record<string, unknown>;
}

const fromTheTop: PageStart = { name: 'first', order: newestOrdersFirst, values: {} };

/**
 * The most pages an anchored page lies beyond its anchor and is still read in one statement: the
 * pager moves at most PAGER_BUTTONS - 1 pages (four), so it skips fewer. The skip is written in the text, as the length is, so that
 * the statement's cached plan knows it: with the skip bound, PostgreSQL's generic plan guesses a
 * tenth of the table is skipped, never beats a plan made for the values, and every request
 * plans the seven joins again (a deep admin page at a million orders ran at a seventh of its
 * speed). Farther, an API caller's choice, the ids are read first.
 */
const MOST_PAGES_SKIPPED_IN_ONE_STATEMENT = PAGER_BUTTONS - 1;

/**
 * The orders beyond `anchor` in the list's order, nearest first: the walk starts at the anchor,
 * a row comparison on the list's own index, so that a page costs the same at any depth. None
 * when the anchor is not an order `query.anchorScope` allows (deleted, or somebody else's), or
 * nothing lies beyond it.
 */
function beyondAnchor(query: OrderIdsQuery, anchor: PageAnchor): Omit<PageStart, 'name' | 'skip'> {
  const anchorId = sql`${sql.placeholder('anchor')}::uuid`;
  const anchorCreatedAt = sql`(select ${orders.createdAt} from ${orders}
    where ${and(eq(orders.id, anchorId), query.anchorScope)})`;
  const after = anchor.side === 'after';
  return {
    where: after
      ? sql`(${orders.createdAt}, ${orders.id}) < (${anchorCreatedAt}, ${anchorId})`
      : sql`(${orders.createdAt}, ${orders.id}) > (${anchorCreatedAt}, ${anchorId})`,
    order: after ? newestOrdersFirst : oldestOrdersFirst,
    values: { anchor: anchor.orderId },
  };
}

/**
 * The ids of the page `anchor.skip` rows beyond `anchor`, newest first, each beside the list's
 * total, for a page farther than one statement reads (MOST_PAGES_SKIPPED_IN_ONE_STATEMENT): on
 * the orders alone, where sorting is priced out, as deep pages by number are.
 */
async function readIdsBeyondAnchor(
  db: Database,
  query: OrderIdsQuery,
  total: SQL,
  page: Page & { anchor: PageAnchor },
): Promise<Array<{ id: string; total: unknown }>> {
  const { where, order, values } = beyondAnchor(query, page.anchor);
  const rows = await readPageInIndexOrder(db, (sortless) =>
    preparedOnce(sortless, `${query.name}_${page.anchor.side}`, (name) =>
      sortless
        .select({ id: orders.id, total })
        .from(orders)
        .where(and(query.where, where))
        .orderBy(...order)
        .limit(pagePlaceholders.limit)
        .offset(pagePlaceholders.offset)
        .prepare(name),
    ).execute({ ...query.values, ...values, limit: page.limit, offset: page.anchor.skip }),
  );
  // The page before the anchor was read towards the list's top: newest first again.
  return page.anchor.side === 'after' ? rows : rows.reverse();
}

/** The rows of a page as `selectRows` joins them, and the list's total in a column beside. */
type SelectRows<Row> = (idIsOneOf: SQL, total: SQL) => SelectedRows<Row & { total: unknown }>;

/**
 * One page of the orders `ids` selects, as `selectRows` joins them, newest first, and the list's
 * total. `rowsName` names the rows statements: one is prepared per page length. `ids.name` must
 * also say what changes `total`'s text.
 */
export async function readOrderPage<Row extends { order: { id: string } }>(
  db: Database,
  ids: OrderIdsQuery,
  page: Page,
  rowsName: string,
  selectRows: SelectRows<Row>,
  total: PageTotal,
): Promise<{ rows: Row[]; total: number }> {
  const readFrom = (start: PageStart) =>
    readInOneStatement(db, ids, page.limit, start, rowsName, selectRows, total);
  const { anchor } = page;
  if (anchor && anchor.skip <= MOST_PAGES_SKIPPED_IN_ONE_STATEMENT * page.limit) {
    const start = { ...beyondAnchor(ids, anchor), name: `${anchor.side}_${anchor.skip}` };
    const anchored = await readFrom({ ...start, skip: anchor.skip });
    // Else the anchor is gone (or was never the reader's): the page by its number instead.
    if (anchored.rows.length > 0) return anchored;
  } else if (anchor) {
    const idRows = await readIdsBeyondAnchor(db, ids, total.sql, { ...page, anchor });
    if (idRows.length > 0) return readPageRows(db, idRows, rowsName, selectRows);
  }
  // No row on the first page means an empty list: a total of 0 (one statement, one snapshot).
  if (page.offset === 0) return readFrom(fromTheTop);
  const idRows = await readPageIds(db, ids, total.sql, page);
  if (idRows.length === 0) return { rows: [], total: await total.readAlone() };
  return readPageRows(db, idRows, rowsName, selectRows);
}

/** The rows of a page's ids, in their order, and the total the ids brought. */
async function readPageRows<Row extends { order: { id: string } }>(
  db: Database,
  idRows: Array<{ id: string; total: unknown }>,
  rowsName: string,
  selectRows: SelectRows<Row>,
): Promise<{ rows: Row[]; total: number }> {
  const pageIds = idRows.map((row) => row.id);
  const idValues = Object.fromEntries(pageIds.map((id, n) => [`id${n}`, id]));
  const rows = await preparedOnce(db, `${rowsName}_${pageIds.length}`, (name) =>
    selectRows(
      inArray(
        orders.id,
        pageIds.map((_, n) => sql.placeholder(`id${n}`)),
      ),
      // The ids brought the total already.
      sql`null`,
    ).prepare(name),
  ).execute(idValues);
  const rowById = new Map(rows.map((row) => [row.order.id, row]));
  // An order deleted between the two reads is left out rather than shown half.
  return {
    rows: pageIds.flatMap((id) => rowById.get(id) ?? []),
    total: Number(idRows[0]!.total),
  };
}

/**
 * `count` orders `ids` selects from `start` on, as `selectRows` joins them, newest first, and the
 * list's total, in one statement: the rows whose ids a subquery picks, with the page's length
 * written in the text so that the cached plan knows the page's size (one statement per length).
 */
async function readInOneStatement<Row>(
  db: Database,
  ids: OrderIdsQuery,
  count: number,
  start: PageStart,
  rowsName: string,
  selectRows: SelectRows<Row>,
  total: PageTotal,
): Promise<{ rows: Row[]; total: number }> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`Not a page length: ${count}`);
  const picked = pickOrderIds({
    where: and(ids.where, start.where),
    count,
    order: start.order,
    skip: start.skip,
  });
  const name = `${rowsName}_${ids.name}_${start.name}_${count}`;
  const rows = await preparedOnce(db, name, (statement) =>
    selectRows(sql`${orders.id} in (${picked})`, total.sql)
      .orderBy(...newestOrdersFirst)
      .prepare(statement),
  ).execute({ ...ids.values, ...start.values });
  return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}
