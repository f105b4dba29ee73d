import type { QueryClient } from '@tanstack/react-query';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (userId: number) => ['campaigns', 'list', userId] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
};

/** Campaign writes change lists, details and the trigger list (campaignId on triggers). */
export async function invalidateCampaigns(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['triggers'] }),
  ]);
}
