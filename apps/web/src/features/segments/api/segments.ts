import { useQuery } from '@tanstack/react-query';
import {
  analyticsPerformanceSchema,
  audienceSegmentSchema,
  type CreateSegmentInput,
  segmentListSchema,
} from '@tonemark/shared';
import { apiRequest, apiSend } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeysUnder } from '@/lib/query-keys-under';
import { queryKeys } from '@/lib/react-query';

export const segmentKeys = queryKeysUnder('segments', {});

/** GET /api/segments: your audience segments, each with the triggers that target it. */
export function useSegments() {
  return useQuery({
    queryKey: segmentKeys.all,
    queryFn: () => apiRequest('/api/segments', segmentListSchema),
  });
}

/** GET /api/analytics/performance: conversions, campaigns, segments, hours and weekdays. */
export function usePerformance() {
  return useQuery({
    queryKey: queryKeys.analyticsPerformance,
    queryFn: () => apiRequest('/api/analytics/performance', analyticsPerformanceSchema),
  });
}

/** A segment write changes the segments and the triggers aimed at them. */
const useSegmentMutation = <TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) =>
  useInvalidatingMutation(fn, [segmentKeys.all, queryKeys.triggers]);

export function useSaveSegment() {
  return useSegmentMutation(({ id, input }: { id?: number; input: CreateSegmentInput }) =>
    apiRequest(id ? `/api/segments/${id}` : '/api/segments', audienceSegmentSchema, {
      method: id ? 'PATCH' : 'POST',
      body: input,
      errorStyle: 'save',
    }),
  );
}

export function useDeleteSegment() {
  return useSegmentMutation((id: number) =>
    apiSend(`/api/segments/${id}`, { method: 'DELETE', errorStyle: 'save' }),
  );
}

export function useSetTargeting() {
  return useSegmentMutation(({ triggerId, segmentIds }: { triggerId: number; segmentIds: number[] }) =>
    apiSend(`/api/segments/targeting/${triggerId}`, {
      method: 'PUT',
      body: { segmentIds },
      errorStyle: 'save',
    }),
  );
}
