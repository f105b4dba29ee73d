import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/react-query';
import { useRealtimeMessages } from '@/lib/realtime/realtime-provider';

/**
 * Queries never go stale on their own (SPEC §9), so an open dashboard refetches its analytics and
 * trigger counts when the server reports a new activation.
 */
export function useLiveAnalytics(): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type !== 'ACTIVATION_RECORDED') return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
    void queryClient.invalidateQueries({ queryKey: queryKeys.triggers });
  });
}
