import { z } from 'zod';
import { activationSchema } from '../activations.ts';

// Response contracts of /api/v1 that had only TypeScript types so far; the OpenAPI document,
// the SDK's types and the conformance check in the server tests read them.

/** GET /api/v1/activations answer. */
export const v1ActivationsPageSchema = z.object({
  activations: z.array(activationSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type V1ActivationsPage = z.infer<typeof v1ActivationsPageSchema>;

export const v1WebhookDeletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** Every /api/v1 error answer: `{ success: false, error, code, fields? }`. */
export const v1ErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string()).optional(),
});

/** The data of a trigger.activated delivery. */
export const triggerActivatedDataSchema = z.object({
  triggerId: z.number().int(),
  triggerName: z.string(),
  activationId: z.string(),
  deviceType: z.string().nullable(),
  activatedAt: z.string(),
});
export type TriggerActivatedData = z.infer<typeof triggerActivatedDataSchema>;
