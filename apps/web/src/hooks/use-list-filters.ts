import type { OwnerFilter } from '@tonemark/shared';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A paged list's search and owner filter: changing either goes back to page 1 (the old page may
 * not exist in the new answer); the search asks the server once typing settles.
 */
export function useListFilters(initialSearch = '') {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState(initialSearch);
  const [owner, setOwnerFilter] = useState<OwnerFilter>();
  const settledSearch = useDebouncedValue(search.trim(), 250);
  return {
    page,
    setPage,
    search,
    settledSearch,
    owner,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setOwner: (value: OwnerFilter) => {
      setOwnerFilter(value);
      setPage(1);
    },
  };
}
