import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';

/**
 * After any trigger change both the lists and the analytics summary are out of date.
 * Trigger reads still under way are cancelled first: one may have read before the change (a
 * search that settled while a delete was on its way), and invalidating does not restart the first
 * fetch of a query that has no answer yet, so that answer would land after the change and show a
 * deleted trigger until the next refresh.
 */
export async function invalidateTriggerData(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: queryKeys.triggers });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.triggers }),
    queryClient.invalidateQueries({ queryKey: queryKeys.analyticsSummary }),
  ]);
}
