import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';

/** After any trigger change both the lists and the analytics summary are out of date. */
export function invalidateTriggerData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.triggers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.analyticsSummary }),
  ]).then(() => undefined);
}
