import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ActivationTableFilters,
  readActivationFilters,
  writeActivationFilters,
} from '../lib/activation-filters';

export type ActivationFilterChange = Partial<Omit<ActivationTableFilters, 'page'>>;

/** The Analytics table's filters and page, kept in the address bar (replacing, not pushing, history). */
export function useActivationFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readActivationFilters(params), [params]);

  const write = useCallback(
    (next: ActivationTableFilters) => setParams(writeActivationFilters(next), { replace: true }),
    [setParams],
  );
  // A new filter starts again at the first page.
  const update = useCallback(
    (change: ActivationFilterChange) => write({ ...filters, ...change, page: 1 }),
    [filters, write],
  );
  const setPage = useCallback((page: number) => write({ ...filters, page }), [filters, write]);
  const reset = useCallback(() => write({ page: 1 }), [write]);

  return { filters, update, setPage, reset };
}
