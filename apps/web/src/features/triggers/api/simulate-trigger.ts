import { useMutation } from '@tanstack/react-query';
import { type SimulateTriggerResponse, simulateTriggerResponseSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/simulate-trigger/:id → 200 {sent: true, trigger}; the real-time fan-out arrives later. */
export function simulateTrigger(id: number): Promise<SimulateTriggerResponse> {
  return apiRequest(`/api/simulate-trigger/${id}`, simulateTriggerResponseSchema, { method: 'POST' });
}

export function useSimulateTriggerMutation() {
  return useMutation({ mutationFn: simulateTrigger });
}
