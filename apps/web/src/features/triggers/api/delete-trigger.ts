import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';
import { invalidateTriggerData } from './invalidate';

/** DELETE /api/triggers/:id → 204. */
export function deleteTrigger(id: number): Promise<void> {
  return apiSend(`/api/triggers/${id}`, { method: 'DELETE' });
}

export function useDeleteTrigger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrigger,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.trigger(id), exact: true });
      return invalidateTriggerData(queryClient);
    },
  });
}
