import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write, re-ask the queries under `keys` (every cached query without keys). Reads still
 * under way are cancelled first: one may have read before the write (a debounced search that
 * settled while a delete was on its way), and invalidating does not restart the first fetch of a
 * query that has no answer yet, so that stale answer would land after the write and show, say, a
 * deleted row until the next refresh.
 */
export async function refreshQueries(queryClient: QueryClient, keys?: readonly QueryKey[]): Promise<void> {
  if (!keys) {
    await queryClient.cancelQueries();
    await queryClient.invalidateQueries();
    return;
  }
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
