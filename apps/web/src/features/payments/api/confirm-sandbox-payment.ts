import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfirmSandboxPaymentInput, confirmPaymentResponseSchema } from '@tonemark/shared';
import { accountPlanQueryKey } from '@/features/account';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** The sandbox's confirmPayment: the server checks the test card and applies the signed event. */
export function confirmSandboxPayment(input: ConfirmSandboxPaymentInput) {
  return apiRequest('/api/payments/sandbox/confirm', confirmPaymentResponseSchema, {
    method: 'POST',
    body: input,
  });
}

export function useConfirmSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSandboxPayment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: accountPlanQueryKey }),
      ]);
    },
  });
}
