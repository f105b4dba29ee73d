import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Trigger, triggerSchema, type UpdateTriggerInput } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';
import { invalidateTriggerData } from './invalidate';

/** PATCH /api/triggers/:id with any subset of the fields. */
export function updateTrigger({ id, data }: { id: number; data: UpdateTriggerInput }): Promise<Trigger> {
  return apiRequest(`/api/triggers/${id}`, triggerSchema, {
    method: 'PATCH',
    body: data,
    errorStyle: 'save',
  });
}

export function useUpdateTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrigger,
    onSuccess: (trigger) => {
      queryClient.setQueryData(queryKeys.trigger(trigger.id), trigger);
      return invalidateTriggerData(queryClient);
    },
  });
}
