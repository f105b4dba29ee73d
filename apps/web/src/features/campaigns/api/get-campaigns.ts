import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type Campaign,
  type CampaignListQuery,
  campaignListSchema,
  campaignPageSchema,
  type ListPage,
  type OwnerFilter,
} from '@tonemark/shared';
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

/** Campaigns per page on the Campaigns screen: three rows of the three-column grid. */
export const CAMPAIGN_PAGE_SIZE = 9;

/** GET /api/campaigns?userId=&page=…: one page of that user's campaigns, searched on the server. */
export function getCampaignsPage(query: CampaignListQuery): Promise<ListPage<Campaign>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest(`/api/campaigns?${params}`, campaignPageSchema);
}

export function useCampaignsPage(
  userId: number | undefined,
  page: number,
  search: string,
  teamId?: OwnerFilter,
) {
  const query = { userId, page, pageSize: CAMPAIGN_PAGE_SIZE, search: search || undefined, teamId };
  return useQuery({
    // Under the user's list key, so saving or deleting a campaign refreshes the page shown.
    queryKey: [...campaignKeys.list(userId ?? 0), 'page', query] as const,
    queryFn: () => getCampaignsPage(query),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
}
