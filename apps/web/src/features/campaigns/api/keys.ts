import type { QueryClient } from '@tanstack/react-query';
import { refreshQueries } from '@/lib/refresh-queries';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (userId: number) => ['campaigns', 'list', userId] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
};

/** Campaign writes change lists, details and the trigger list (campaignId on triggers). */
export function invalidateCampaigns(queryClient: QueryClient): Promise<void> {
  return refreshQueries(queryClient, [campaignKeys.all, ['triggers']]);
}
