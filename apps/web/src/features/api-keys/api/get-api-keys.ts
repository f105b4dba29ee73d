import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiKey, apiKeySchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** GET /api/api-keys → the signed-in user's keys that still work (never their secrets). */
export function getApiKeys(): Promise<ApiKey[]> {
  return apiRequest('/api/api-keys', apiKeySchema.array());
}

export const getApiKeysQueryOptions = () =>
  // lastUsedAt changes whenever a key is used elsewhere: read it fresh whenever it is shown.
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys, refetchOnMount: 'always' });

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
