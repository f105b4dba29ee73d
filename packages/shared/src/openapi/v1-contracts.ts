import { z } from 'zod';
import { activationSchema } from '../activations.ts';
import { SHAPE_B_ACTION_TYPES, type ShapeBTrigger } from '../shape-b.ts';
import { TRIGGER_SIGNALS } from '../triggers.ts';

// Response contracts of /api/v1 that had only TypeScript types so far; the OpenAPI document,
// the SDK's types and the conformance check in the server tests read them.

/** A trigger in the public API's shape B (DESIGN §3). */
export const shapeBTriggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TRIGGER_SIGNALS),
  frequencyPattern: z.array(z.number()),
  frequency: z.number(),
  duration: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  actionType: z.enum(SHAPE_B_ACTION_TYPES),
  actionPayload: z.string(),
  publicId: z.string(),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when the schema and the ShapeBTrigger interface drift apart. */
export const SHAPE_B_SCHEMA_MATCHES_TYPE: Same<z.infer<typeof shapeBTriggerSchema>, ShapeBTrigger> = true;

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
