import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** DELETE /api/webhooks/:id → 204; nothing more is sent to it, pending retries included. */
export function deleteWebhook(id: number) {
  return apiSend(`/api/webhooks/${id}`, { method: 'DELETE', errorStyle: 'save' });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
