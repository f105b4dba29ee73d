import type { QueryClient } from '@tanstack/react-query';
import { queryKeysUnder } from '@/lib/query-keys-under';
import { queryKeys } from '@/lib/react-query';
import { refreshQueries } from '@/lib/refresh-queries';

export const campaignKeys = queryKeysUnder('campaigns', {
  list: (userId: number) => ['list', userId],
  detail: (id: number) => ['detail', id],
});

/** Campaign writes change lists, details and the trigger list (campaignId on triggers). */
export function invalidateCampaigns(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [campaignKeys.all, queryKeys.triggers]);
}
