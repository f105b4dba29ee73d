import type { DefaultOptions } from '@tanstack/react-query';

/** SPEC §9: no refetch interval, no refetch on focus, never stale, no retries. */
export const queryConfig = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/** Query keys in one place so mutations can invalidate what they change. */
export const queryKeys = {
  me: ['auth', 'me'] as const,
  triggers: ['triggers'] as const,
  trigger: (id: number) => ['triggers', id] as const,
  // Under 'triggers', so creating or changing a trigger re-asks the open form's check.
  patternCheck: (pattern: readonly number[], excludeId?: number, signal?: string) =>
    ['triggers', 'pattern-check', pattern.join(','), excludeId ?? null, signal ?? null] as const,
  analytics: ['analytics'] as const,
  analyticsSummary: ['analytics', 'summary'] as const,
  analyticsPerformance: ['analytics', 'performance'] as const,
  analyticsActivity: (range: string, device: string) => ['analytics', 'activity', range, device] as const,
  listenerCatalogue: ['listener', 'catalogue'] as const,
};
