import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';
import { refreshQueries } from '@/lib/refresh-queries';

/** After any trigger change both the lists and the analytics summary are out of date. */
export function invalidateTriggerData(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [queryKeys.triggers, queryKeys.analyticsSummary]);
}
