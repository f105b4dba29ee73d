import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateTriggerInput, type Trigger, triggerSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { invalidateTriggerData } from './invalidate';

/** POST /api/triggers → 201 with the created trigger. Errors read 'Server responded with {status}: {statusText}'. */
export function createTrigger(input: CreateTriggerInput): Promise<Trigger> {
  return apiRequest('/api/triggers', triggerSchema, { method: 'POST', body: input, errorStyle: 'save' });
}

export function useCreateTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrigger,
    onSuccess: () => invalidateTriggerData(queryClient),
  });
}
