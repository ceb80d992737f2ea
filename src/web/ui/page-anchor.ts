/**
 * Where an order list's page is read from when the pager moves (keyset paging,
 * docs/decisions/0012-speed-at-scale.md, "Lists at scale, as built"): the server seeks to a row on screen instead of counting its
 * way to the page, so that page 800 costs what page 2 does, and new orders arriving at the top do
 * not shift what the reader sees.
 */
export interface PageAnchor {
  /** The page comes after this row… */
  after?: string;
  /** …or before this one… */
  before?: string;
  /** …which stands on this page. */
  anchorPage?: number;
}

/**
 * The anchor of a move from `page`, which shows `rows`, to `next`: its last row for a page after
 * it, its first for a page before it. Page 1 is read by its number: it is always the newest.
 */
export function anchorForStep<Row>(
  page: number,
  next: number,
  rows: readonly Row[],
  anchorOf: (row: Row) => string,
): PageAnchor | undefined {
  const first = rows[0];
  const last = rows.at(-1);
  if (next === 1 || first === undefined || last === undefined) return undefined;
  if (next > page) return { after: anchorOf(last), anchorPage: page };
  if (next < page) return { before: anchorOf(first), anchorPage: page };
  return undefined;
}
