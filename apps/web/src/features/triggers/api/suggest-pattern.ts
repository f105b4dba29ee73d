import { useMutation } from '@tanstack/react-query';
import { type SuggestedPattern, type SuggestPatternInput, suggestedPatternSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/triggers/suggest-pattern → a pattern far from every active pattern on the platform. */
export function suggestPattern(input: SuggestPatternInput): Promise<SuggestedPattern> {
  return apiRequest('/api/triggers/suggest-pattern', suggestedPatternSchema, { method: 'POST', body: input });
}

export function useSuggestPattern() {
  return useMutation({ mutationFn: suggestPattern });
}
