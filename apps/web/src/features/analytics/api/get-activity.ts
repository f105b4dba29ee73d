import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ActivityRange,
  type ActivityResponse,
  activityResponseSchema,
  type DeviceFilter,
} from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** GET /api/analytics/activity: activations per day for the Trigger Activity chart. */
export function getActivity(range: ActivityRange, device: DeviceFilter): Promise<ActivityResponse> {
  const query = new URLSearchParams({ range, device });
  return apiRequest(`/api/analytics/activity?${query}`, activityResponseSchema);
}

export const getActivityQueryOptions = (range: ActivityRange, device: DeviceFilter) =>
  queryOptions({
    queryKey: queryKeys.analyticsActivity(range, device),
    queryFn: () => getActivity(range, device),
    // Keep the old bars while another range loads instead of flashing the empty state.
    placeholderData: keepPreviousData,
  });

export function useActivity(range: ActivityRange, device: DeviceFilter) {
  return useQuery(getActivityQueryOptions(range, device));
}
