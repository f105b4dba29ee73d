import { useMutation, useQueryClient } from '@tanstack/react-query';
import { triggerSchema } from '@tonemark/shared';
import { apiRequest, apiSend } from '@/lib/api-client';
import { invalidateCampaigns } from './keys';

/** POST /api/campaigns/:id/triggers: moves one of your triggers into the campaign. */
export function assignTrigger({ campaignId, triggerId }: { campaignId: number; triggerId: number }) {
  return apiRequest(`/api/campaigns/${campaignId}/triggers`, triggerSchema, {
    method: 'POST',
    body: { triggerId },
    errorStyle: 'save',
  });
}

/** DELETE /api/campaigns/:id/triggers/:triggerId: the trigger stays, outside any campaign. */
export function removeTrigger({ campaignId, triggerId }: { campaignId: number; triggerId: number }) {
  return apiSend(`/api/campaigns/${campaignId}/triggers/${triggerId}`, {
    method: 'DELETE',
    errorStyle: 'save',
  });
}

export function useAssignTrigger() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignTrigger, onSuccess: () => invalidateCampaigns(queryClient) });
}

export function useRemoveTrigger() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTrigger, onSuccess: () => invalidateCampaigns(queryClient) });
}
