import type { ActivationPage, ActivationPageQuery } from '@tonemark/shared';
import { useRef } from 'react';
import { pageWindow } from '../lib/activation-filters';

/**
 * Keyset paging for the activations table: each answer's nextCursor is kept for the page after
 * it, so Next (and going back to a page seen) asks the server for "the rows after this one", an
 * index range however deep the page. A page reached without its cursor (a shared link, a jump)
 * falls back to offset. Cursors are forgotten when the filters change.
 */
export function usePageCursors(filters: ActivationPageQuery) {
  const key = JSON.stringify(filters);
  const store = useRef<{ key: string; cursors: Map<number, string> }>({ key, cursors: new Map() });
  if (store.current.key !== key) store.current = { key, cursors: new Map() };
  const { cursors } = store.current;
  return {
    queryFor(page: number): ActivationPageQuery {
      const { limit } = pageWindow(page);
      const cursor = cursors.get(page);
      return cursor ? { ...filters, limit, cursor } : { ...filters, ...pageWindow(page) };
    },
    remember(page: number, data: ActivationPage | undefined) {
      if (data?.nextCursor) cursors.set(page + 1, data.nextCursor);
    },
  };
}
