import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** DELETE /api/api-keys/:id → 204; the key stops working at once. */
export function revokeApiKey(id: number) {
  return apiSend(`/api/api-keys/${id}`, { method: 'DELETE', errorStyle: 'save' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
