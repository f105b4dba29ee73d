import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PatternCheckInput, type PatternCheckResult, patternCheckResultSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** POST /api/triggers/check-pattern → the active triggers a listener could mistake for this pattern. */
export function checkPattern(input: PatternCheckInput): Promise<PatternCheckResult> {
  return apiRequest('/api/triggers/check-pattern', patternCheckResultSchema, { method: 'POST', body: input });
}

export const checkPatternQueryOptions = (input: PatternCheckInput) =>
  queryOptions({
    queryKey: queryKeys.patternCheck(input.frequencyPattern, input.excludeId, input.signal),
    queryFn: () => checkPattern(input),
  });

export function usePatternCheck(input: PatternCheckInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...checkPatternQueryOptions(input), enabled });
}
