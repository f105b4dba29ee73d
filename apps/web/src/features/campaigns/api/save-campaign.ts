import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateCampaignInput, campaignSchema, type UpdateCampaignInput } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { invalidateCampaigns } from './keys';

/** POST /api/campaigns → 201 with the campaign. */
export function createCampaign(input: CreateCampaignInput) {
  return apiRequest('/api/campaigns', campaignSchema, { method: 'POST', body: input, errorStyle: 'save' });
}

/** PATCH /api/campaigns/:id. */
export function updateCampaign({ id, input }: { id: number; input: UpdateCampaignInput }) {
  return apiRequest(`/api/campaigns/${id}`, campaignSchema, {
    method: 'PATCH',
    body: input,
    errorStyle: 'save',
  });
}

/** DELETE /api/campaigns/:id archives it (status 'archived'); nothing is deleted. */
export function archiveCampaign(id: number) {
  return apiRequest(`/api/campaigns/${id}`, campaignSchema, { method: 'DELETE', errorStyle: 'save' });
}

function useCampaignMutation<V>(mutationFn: (v: V) => ReturnType<typeof createCampaign>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateCampaigns(queryClient) });
}

export const useCreateCampaign = () => useCampaignMutation(createCampaign);
export const useUpdateCampaign = () => useCampaignMutation(updateCampaign);
export const useArchiveCampaign = () => useCampaignMutation(archiveCampaign);
