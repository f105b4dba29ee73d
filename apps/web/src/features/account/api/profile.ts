import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountProfile,
  accountProfileSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  linkOutcomeSchema,
  meResponseSchema,
  type UpdateProfileInput,
} from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

export const accountProfileQueryKey = ['account', 'profile'] as const;

/** GET /api/account/profile: address, whether it is verified, a change waiting for its link. */
export const getAccountProfileQueryOptions = () =>
  queryOptions({
    queryKey: accountProfileQueryKey,
    queryFn: (): Promise<AccountProfile> => apiRequest('/api/account/profile', accountProfileSchema),
    refetchOnMount: 'always',
  });

export const useAccountProfile = () => useQuery(getAccountProfileQueryOptions());

function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountProfileQueryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    ]);
}

export function useUpdateProfile() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest('/api/account/profile', meResponseSchema, {
        method: 'PATCH',
        body: input,
        errorStyle: 'save',
      }),
    onSuccess: refresh,
  });
}

export function useChangeEmail() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) =>
      apiRequest('/api/account/change-email', linkOutcomeSchema, {
        method: 'POST',
        body: input,
        errorStyle: 'save',
      }),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/api/account/change-password', linkOutcomeSchema, {
        method: 'POST',
        body: input,
        errorStyle: 'save',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'sessions'] }),
  });
}
