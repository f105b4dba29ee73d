import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountSessionsResponseSchema, type DeleteAccountInput } from '@tonemark/shared';
import { apiRequest, apiSend } from '@/lib/api-client';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** GET /api/account/sessions: where the account is signed in. */
export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async () => (await apiRequest('/api/account/sessions', accountSessionsResponseSchema)).sessions,
    refetchOnMount: 'always',
  });

export const useSessions = () => useQuery(getSessionsQueryOptions());

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiSend(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('/api/account/sessions/sign-out-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** DELETE /api/account: the account, its triggers, media and files (docs/decisions/account-lifecycle.md). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) =>
      apiSend('/api/account', { method: 'DELETE', body: input, errorStyle: 'save' }),
    onSuccess: () => queryClient.clear(),
  });
}
