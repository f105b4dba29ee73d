import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ListenerTrigger, listenerTriggerSchema } from '@tonemark/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

const listenerTriggerListSchema = z.array(listenerTriggerSchema);

/** GET /api/listener/triggers → the active triggers' patterns and actions (public, no sign-in). */
export function getListenerTriggers(): Promise<ListenerTrigger[]> {
  return apiRequest('/api/listener/triggers', listenerTriggerListSchema);
}

export const getListenerTriggersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.listenerTriggers, queryFn: getListenerTriggers });

export function useListenerTriggers() {
  return useQuery(getListenerTriggersQueryOptions());
}
