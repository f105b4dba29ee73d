import { z } from 'zod';
import { serialIdSchema } from './ids.ts';
import { TRIGGER_ACTIONS, TRIGGER_SIGNALS, TRIGGER_TYPES } from './triggers.ts';

// SPEC §7 real-time channel (/ws). Every message in either direction is parsed by these schemas.

export const DEVICE_TYPES = ['Mobile Simulator', 'Native App', 'Web Listener'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What a listener needs of an active trigger, and nothing private (no owner, no webhook). */
export const listenerTriggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TRIGGER_TYPES),
  action: z.enum(TRIGGER_ACTIONS),
  actionData: z.string(),
  frequencyPattern: z.array(z.number()),
  durationMs: z.number().int(),
  signal: z.enum(TRIGGER_SIGNALS),
});
export type ListenerTrigger = z.infer<typeof listenerTriggerSchema>;

export const detectTriggerMessageSchema = z
  .object({
    type: z.literal('DETECT_TRIGGER'),
    triggerId: serialIdSchema,
    deviceType: z.enum(DEVICE_TYPES),
    osVersion: z.string().min(1).max(300),
    batteryImpact: z.number().int().min(0).max(100),
  })
  .strict();
export type DetectTriggerMessage = z.infer<typeof detectTriggerMessageSchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [
  detectTriggerMessageSchema,
  z.object({ type: z.literal('PING') }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const simulateTriggerMessageSchema = z.object({
  type: z.literal('SIMULATE_TRIGGER'),
  trigger: listenerTriggerSchema,
});
export const activationRecordedMessageSchema = z.object({
  type: z.literal('ACTIVATION_RECORDED'),
  triggerId: z.number().int(),
  activationId: z.string(),
  deviceType: z.string(),
  activatedAt: z.string(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  simulateTriggerMessageSchema,
  activationRecordedMessageSchema,
  z.object({ type: z.literal('PONG') }),
  z.object({ type: z.literal('ERROR'), error: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type SimulateTriggerMessage = z.infer<typeof simulateTriggerMessageSchema>;

/** SPEC §7: POST /api/simulate-trigger/:id answer. */
export const simulateTriggerResponseSchema = z.object({
  sent: z.literal(true),
  trigger: listenerTriggerSchema,
});
