import { useState } from 'react';
import type { PageAnchor } from './page-anchor';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Search text, filter and page of a server-side list. The search reaches the server once typing
 * pauses; the page belongs to one search and filter, so changing either starts again at page 1.
 * A page may come with the anchor it is read from (page-anchor.ts).
 */
export function useListControls<Filter extends string>(initialFilter: Filter) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const q = useDebouncedValue(search.trim());
  const listKey = `${filter}|${q}`;
  const [paging, setPaging] = useState<{ page: number; listKey: string; anchor?: PageAnchor }>({
    page: 1,
    listKey,
  });
  const current = paging.listKey === listKey ? paging : { page: 1, anchor: undefined };
  return {
    search,
    setSearch,
    q,
    filter,
    setFilter,
    page: current.page,
    anchor: current.anchor,
    setPage: (next: number, anchor?: PageAnchor) => setPaging({ page: next, listKey, anchor }),
  };
}
