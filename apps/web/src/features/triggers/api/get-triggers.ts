import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Trigger, triggerSchema } from '@tonemark/shared';
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
