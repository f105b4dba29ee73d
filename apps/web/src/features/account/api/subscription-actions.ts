import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPlanSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { accountPlanQueryKey } from './get-account-plan';

/** POST /api/subscriptions/current/cancel or /resume → the account's plan as it now stands. */
export function useSubscriptionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      apiRequest(`/api/subscriptions/current/${action}`, accountPlanSchema, {
        method: 'POST',
        errorStyle: 'save',
      }),
    onSuccess: (plan) => queryClient.setQueryData(accountPlanQueryKey, plan),
  });
}
