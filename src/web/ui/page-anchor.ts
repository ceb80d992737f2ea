/**
 * Where an order list's next or previous page is read from (keyset paging, docs/architecture.md,
 * "Deep pages"): the server seeks to the row the reader steps from instead of counting its way to
 * the page, so that page 800 costs what page 2 does and new orders arriving at the top do not
 * shift what the reader sees.
 */
export interface PageAnchor {
  /** The page starts right after this row. */
  after?: string;
  /** The page ends right before this row. */
  before?: string;
}

/**
 * The anchor of a step from `page`, which shows `rows`, to `next`: its last row for the next page,
 * its first for the previous one. Page 1, a jump by a page number, or a page not yet shown is
 * read by its number.
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
  if (next === page + 1) return { after: anchorOf(last) };
  if (next === page - 1) return { before: anchorOf(first) };
  return undefined;
}
