import type { ListFilter, ListParams } from './list-screen';

/** A list's search and status as its page call and its CSV export send them. */
export const filterQuery = ({ q, status }: ListFilter) => ({ q: q.trim(), status });

/**
 * A page call's parameters: the page and its length, the search and status, and the row it is
 * read from when the pager moved (page-anchor.ts).
 */
export const pageQuery = (params: ListParams, pageSize: number) => ({
  page: params.page,
  pageSize,
  ...filterQuery(params),
  after: params.after,
  before: params.before,
  anchorPage: params.anchorPage,
});
