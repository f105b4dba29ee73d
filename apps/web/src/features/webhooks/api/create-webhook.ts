import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RegisterWebhookInput, registeredWebhookSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { webhooksQueryKey } from './get-webhooks';

/** POST /api/webhooks → 201 with the signing secret, shown this once. */
export function createWebhook(input: RegisterWebhookInput) {
  return apiRequest('/api/webhooks', registeredWebhookSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}
