import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

const simulateResponseSchema = z.object({ sent: z.boolean() });
export type SimulateResponse = z.infer<typeof simulateResponseSchema>;

/** POST /api/simulate-trigger/:id → 200 {sent: true, trigger}; the real-time fan-out arrives later. */
export function simulateTrigger(id: number): Promise<SimulateResponse> {
  return apiRequest(`/api/simulate-trigger/${id}`, simulateResponseSchema, { method: 'POST' });
}

export function useSimulateTriggerMutation() {
  return useMutation({ mutationFn: simulateTrigger });
}
