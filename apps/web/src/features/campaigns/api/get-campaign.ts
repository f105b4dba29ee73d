import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CampaignDetail, campaignDetailSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/:id → the campaign, its triggers and activations over the last 30 days. */
export function getCampaign(id: number): Promise<CampaignDetail> {
  return apiRequest(`/api/campaigns/${id}`, campaignDetailSchema);
}

export const getCampaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });

export function useCampaign(id: number) {
  return useQuery(getCampaignQueryOptions(id));
}
