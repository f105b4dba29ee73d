import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshQueries } from './refresh-queries';

/**
 * A write that re-asks what it changes once it succeeds: the queries under `keys`, or, without
 * keys, every cached query (for writes such as team membership that change what every list may show).
 */
export function useInvalidatingMutation<TInput, TOutput>(
  mutationFn: (input: TInput) => Promise<TOutput>,
  keys?: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshQueries(queryClient, keys),
  });
}
