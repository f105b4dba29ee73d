import { z } from 'zod';
import { serialIdSchema } from './ids.ts';
import {
  audienceFields,
  DEVICE_TYPES,
  detectionResultSchema,
  deviceIdSchema,
  publicTriggerIdSchema,
} from './listener-protocol.ts';
import { TRIGGER_ACTIONS, TRIGGER_SIGNALS, TRIGGER_TYPES } from './triggers.ts';

// SPEC §7 real-time channel (/ws). Every message in either direction is parsed by these schemas.

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

/**
 * SPEC §3.3 DETECT_TRIGGER. The simulator names a trigger by its row id (`triggerId`), a listener
 * by its catalogue id (`publicTriggerId`); exactly one of the two. The listener-protocol fields are
 * optional so the SPEC's message still works: without an activationId the server makes one, without
 * detectedAt the arrival time counts. The server answers every one with DETECTION_RESULT.
 */
export const detectTriggerMessageSchema = z
  .object({
    type: z.literal('DETECT_TRIGGER'),
    triggerId: serialIdSchema.optional(),
    publicTriggerId: publicTriggerIdSchema.optional(),
    activationId: z.string().uuid().optional(),
    detectedAt: z.string().datetime({ offset: true }).optional(),
    deviceId: deviceIdSchema.optional(),
    deviceType: z.enum(DEVICE_TYPES),
    osVersion: z.string().min(1).max(300),
    batteryImpact: z.number().int().min(0).max(100),
    score: z.number().min(0).max(1).optional(),
    snrDb: z.number().min(-200).max(200).optional(),
    speed: z.number().min(0.1).max(10).optional(),
    tempo: z.number().min(0.1).max(10).optional(),
    ...audienceFields,
  })
  .strict()
  .refine((m) => (m.triggerId === undefined) !== (m.publicTriggerId === undefined), {
    message: 'Give either triggerId or publicTriggerId',
    path: ['triggerId'],
  });
export type DetectTriggerMessage = z.infer<typeof detectTriggerMessageSchema>;

export const clientMessageSchema = z.union([
  detectTriggerMessageSchema,
  z.object({ type: z.literal('PING') }).strict(),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const simulateTriggerMessageSchema = z.object({
  type: z.literal('SIMULATE_TRIGGER'),
  trigger: listenerTriggerSchema,
});
export type SimulateTriggerResponse = z.infer<typeof simulateTriggerResponseSchema>;
export const activationRecordedMessageSchema = z.object({
  type: z.literal('ACTIVATION_RECORDED'),
  triggerId: z.number().int(),
  activationId: z.string(),
  deviceType: z.string(),
  activatedAt: z.string(),
});

/** The answer to one DETECT_TRIGGER, sent to the socket that sent it only. */
export const detectionResultMessageSchema = z.object({
  type: z.literal('DETECTION_RESULT'),
  result: detectionResultSchema,
});

/** To every socket: the public catalogue changed; listeners fetch it again. */
export const catalogueChangedMessageSchema = z.object({
  type: z.literal('CATALOGUE_CHANGED'),
  version: z.string(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  simulateTriggerMessageSchema,
  activationRecordedMessageSchema,
  detectionResultMessageSchema,
  catalogueChangedMessageSchema,
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
