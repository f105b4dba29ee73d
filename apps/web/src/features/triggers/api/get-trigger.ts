import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trigger, triggerSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** GET /api/triggers/:id → one trigger; 404 when unknown or deleted. */
export function getTrigger(id: number): Promise<Trigger> {
  return apiRequest(`/api/triggers/${id}`, triggerSchema);
}

export const getTriggerQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.trigger(id), queryFn: () => getTrigger(id) });

export function useTrigger(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getTriggerQueryOptions(id), enabled });
}
