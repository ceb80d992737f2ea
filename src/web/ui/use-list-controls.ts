import { useState } from 'react';
import type { PageAnchor } from './page-anchor';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Search text, filter and page of a server-side list. The search reaches the server once typing
 * pauses; the page belongs to one search and filter, so changing either starts again at page 1.
 * A page may come with the anchor it is read from (page-anchor.ts). `otherFilters` stands for a
 * screen's filters of its own (the audit trail's days, say): a change of it starts at page 1 too.
 */
export function useListControls<Filter extends string>(initialFilter: Filter, otherFilters = '') {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const q = useDebouncedValue(search.trim());
  const listKey = `${filter}|${q}|${otherFilters}`;
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
