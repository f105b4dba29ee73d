import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AccountPlan, accountPlanSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

export const accountPlanQueryKey = ['account', 'plan'] as const;

/** GET /api/subscriptions/current → plan, status, renewal date and trigger allowance. */
export function getAccountPlan(): Promise<AccountPlan> {
  return apiRequest('/api/subscriptions/current', accountPlanSchema);
}

export const getAccountPlanQueryOptions = () =>
  // Trigger counts change elsewhere (create, activate): read it fresh whenever it is shown.
  queryOptions({ queryKey: accountPlanQueryKey, queryFn: getAccountPlan, refetchOnMount: 'always' });

export function useAccountPlan() {
  return useQuery(getAccountPlanQueryOptions());
}
