import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type AbTest,
  type AbTestCommand,
  abTestListSchema,
  abTestResultsSchema,
  abTestSchema,
  type CreateAbTestInput,
} from '@tonemark/shared';
import { apiRequest, apiSend } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeysUnder } from '@/lib/query-keys-under';
import { queryKeys } from '@/lib/react-query';

export const abTestKeys = queryKeysUnder('ab-tests', {
  list: (campaignId?: number) => ['list', campaignId ?? null],
  results: (id: number) => ['results', id],
});

/** GET /api/ab-tests[?campaignId=]: the tests you may see, and whether your plan may run them. */
export function useAbTests(campaignId?: number) {
  return useQuery({
    queryKey: abTestKeys.list(campaignId),
    queryFn: () =>
      apiRequest(`/api/ab-tests${campaignId ? `?campaignId=${campaignId}` : ''}`, abTestListSchema),
  });
}

/** GET /api/ab-tests/:id/results: the test with served, activations and conversions per variant. */
export function useAbTestResults(id: number) {
  return useQuery({
    queryKey: abTestKeys.results(id),
    queryFn: () => apiRequest(`/api/ab-tests/${id}/results`, abTestResultsSchema),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** An A/B write changes the tests, and the triggers and campaigns that show them. */
const useInvalidating = <TInput, TOutput>(fn: (input: TInput) => Promise<TOutput>) =>
  useInvalidatingMutation(fn, [abTestKeys.all, queryKeys.triggers, ['campaigns']]);

export function useCreateAbTest() {
  return useInvalidating((input: CreateAbTestInput) =>
    apiRequest('/api/ab-tests', abTestSchema, { method: 'POST', body: input, errorStyle: 'save' }),
  );
}

export function useAbTestCommand() {
  return useInvalidating(({ id, command }: { id: number; command: AbTestCommand }) =>
    apiRequest(`/api/ab-tests/${id}/commands`, abTestSchema, {
      method: 'POST',
      body: { command },
      errorStyle: 'save',
    }),
  );
}

export function useDeclareWinner() {
  return useInvalidating(({ id, variantId }: { id: number; variantId: number }) =>
    apiRequest(`/api/ab-tests/${id}/winner`, abTestSchema, {
      method: 'POST',
      body: { variantId },
      errorStyle: 'save',
    }),
  );
}

export function useDeleteAbTest() {
  return useInvalidating((test: AbTest) =>
    apiSend(`/api/ab-tests/${test.id}`, { method: 'DELETE', errorStyle: 'save' }),
  );
}
