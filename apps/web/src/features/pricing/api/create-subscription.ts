import { useMutation } from '@tanstack/react-query';
import { type CreateSubscriptionInput, createSubscriptionResponseSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/subscriptions → { subscriptionId }; the plan becomes active once it is paid for. */
export function createSubscription(input: CreateSubscriptionInput) {
  return apiRequest('/api/subscriptions', createSubscriptionResponseSchema, {
    method: 'POST',
    body: input,
    errorStyle: 'save',
  });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
