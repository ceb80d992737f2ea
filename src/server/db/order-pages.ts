import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { readPageInIndexOrder } from './index-order';
import type { Database } from './open-database';
import { DEEP_PAGE_OFFSET, pagePlaceholders, type Page, type PageAnchor } from './page';
import { preparedOnce } from './prepared-statements';
import { orders } from './schema';

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
 * A page read from an anchor (the order just before or just after it, keyset paging: "Deep
 * pages") seeks to that order in the index and reads only the page, however deep it is.
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

const newestOrdersFirst = [desc(orders.createdAt), desc(orders.id)];
const oldestOrdersFirst = [asc(orders.createdAt), asc(orders.id)];

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
 * The ids of the page after or before `anchor` (`anchor.skip` rows away) in the list's order,
 * newest first, each beside the list's total: the index walk starts at the anchor (a row
 * comparison on the list's index), so a page costs the same at any depth. No id when the anchor
 * is not an order `query.anchorScope` allows (deleted, or somebody else's), or nothing lies
 * beyond it.
 */
async function readAnchoredIds(
  db: Database,
  query: OrderIdsQuery,
  total: SQL,
  limit: number,
  anchor: PageAnchor,
): Promise<Array<{ id: string; total: unknown }>> {
  const anchorId = sql`${sql.placeholder('anchor')}::uuid`;
  const anchorCreatedAt = sql`(select ${orders.createdAt} from ${orders}
    where ${and(eq(orders.id, anchorId), query.anchorScope)})`;
  const after = anchor.side === 'after';
  const beyondAnchor = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${anchorCreatedAt}, ${anchorId})`
    : sql`(${orders.createdAt}, ${orders.id}) > (${anchorCreatedAt}, ${anchorId})`;
  const rows = await readPageInIndexOrder(db, (sortless) =>
    preparedOnce(sortless, `${query.name}_${anchor.side}`, (name) =>
      sortless
        .select({ id: orders.id, total })
        .from(orders)
        .where(and(query.where, beyondAnchor))
        .orderBy(...(after ? newestOrdersFirst : oldestOrdersFirst))
        .limit(pagePlaceholders.limit)
        .offset(pagePlaceholders.offset)
        .prepare(name),
    ).execute({ ...query.values, anchor: anchor.orderId, limit, offset: anchor.skip }),
  );
  // The page before the anchor was read towards the list's start: newest first again.
  return after ? rows : rows.reverse();
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
  if (page.anchor) {
    const anchored = await readAnchoredIds(db, ids, total.sql, page.limit, page.anchor);
    // Else the anchor is gone (or was never the reader's): the page by its number instead.
    if (anchored.length > 0) return readPageRows(db, anchored, rowsName, selectRows);
  }
  if (page.offset === 0) return readFirstOrders(db, ids, page.limit, rowsName, selectRows, total);
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
 * The `count` newest orders `ids` selects, as `selectRows` joins them, and the list's total, in
 * one statement. No row means an empty list: a total of 0 (one statement, one snapshot).
 */
async function readFirstOrders<Row>(
  db: Database,
  ids: OrderIdsQuery,
  count: number,
  rowsName: string,
  selectRows: SelectRows<Row>,
  total: PageTotal,
): Promise<{ rows: Row[]; total: number }> {
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`Not a page length: ${count}`);
  const rows = await preparedOnce(db, `${rowsName}_${ids.name}_first_${count}`, (name) =>
    selectRows(
      sql`${orders.id} in (select ${orders.id} from ${orders}
        ${ids.where ? sql`where ${ids.where}` : sql``}
        order by ${orders.createdAt} desc, ${orders.id} desc limit ${sql.raw(String(count))})`,
      total.sql,
    )
      .orderBy(...newestOrdersFirst)
      .prepare(name),
  ).execute({ ...ids.values });
  return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}
