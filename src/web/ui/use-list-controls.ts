import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * Search text, filter and page of a server-side list. The search reaches the server once typing
 * pauses; the page belongs to one search and filter, so changing either starts again at page 1.
 */
export function useListControls<Filter extends string>(initialFilter: Filter) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>(initialFilter);
  const q = useDebouncedValue(search.trim());
  const listKey = `${filter}|${q}`;
  const [paging, setPaging] = useState({ page: 1, listKey });
  const page = paging.listKey === listKey ? paging.page : 1;
  return {
    search,
    setSearch,
    q,
    filter,
    setFilter,
    page,
    setPage: (next: number) => setPaging({ page: next, listKey }),
  };
}
