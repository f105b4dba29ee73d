import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateApiKeyInput, createdApiKeySchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** POST /api/api-keys → 201 with the full key, shown this once. */
export function createApiKey(input: CreateApiKeyInput) {
  return apiRequest('/api/api-keys', createdApiKeySchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
