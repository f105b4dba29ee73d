import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ListPage,
  type Trigger,
  type TriggerListQuery,
  triggerPageSchema,
  triggerSchema,
} from '@tonemark/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

const triggerListSchema = z.array(triggerSchema);

/** GET /api/triggers → the caller's triggers, newest first (shape A). */
export function getTriggers(): Promise<Trigger[]> {
  return apiRequest('/api/triggers', triggerListSchema);
}

export const getTriggersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.triggers, queryFn: getTriggers });

export function useTriggers() {
  return useQuery(getTriggersQueryOptions());
}

/** GET /api/triggers?page=…: one page of the caller's triggers, searched and filtered by the server. */
export function getTriggersPage(query: TriggerListQuery): Promise<ListPage<Trigger>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return apiRequest(`/api/triggers?${params}`, triggerPageSchema);
}

export function useTriggersPage(query: TriggerListQuery) {
  return useQuery({
    // Under 'triggers', so creating, editing or deleting one refreshes the page shown.
    queryKey: [...queryKeys.triggers, 'page', query] as const,
    queryFn: () => getTriggersPage(query),
    placeholderData: keepPreviousData,
  });
}
