import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Campaign, campaignListSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns?userId= → that user's campaigns (only yours unless you are an admin). */
export function getCampaigns(userId: number): Promise<Campaign[]> {
  return apiRequest(`/api/campaigns?userId=${userId}`, campaignListSchema);
}

export const getCampaignsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: campaignKeys.list(userId), queryFn: () => getCampaigns(userId) });

export function useCampaigns(userId: number | undefined) {
  return useQuery({ ...getCampaignsQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
