import { z } from 'zod';
import { TRIGGER_ACTIONS, TRIGGER_SIGNALS, TRIGGER_TYPES } from './triggers.ts';

// The listener protocol (issue 10, docs/decisions/listener-protocol.md): an anonymous catalogue
// that carries patterns only, and detections the server resolves into actions.

export const DEVICE_TYPES = ['Mobile Simulator', 'Native App', 'Web Listener'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Opaque id a listener knows a trigger by: random, unrelated to the row id or the tone file. */
export const publicTriggerIdSchema = z
  .string()
  .regex(/^tml_[0-9a-f]{32}$/, 'Must be a public trigger id (tml_ and 32 hex digits)');

/** What a public trigger's action looks like to a listener (also what a resolution returns). */
export const listenerActionSchema = z.object({
  name: z.string(),
  type: z.enum(TRIGGER_TYPES),
  action: z.enum(TRIGGER_ACTIONS),
  actionData: z.string(),
});
export type ListenerAction = z.infer<typeof listenerActionSchema>;

export const catalogueEntrySchema = z.object({
  publicTriggerId: publicTriggerIdSchema,
  frequencyPattern: z.array(z.number()),
  durationMs: z.number().int(),
  signal: z.enum(TRIGGER_SIGNALS),
  /** Only for triggers their creator marked public: the action ships so it runs offline. */
  publicAction: listenerActionSchema.nullable(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

/** GET /api/listener/catalogue. `version` changes whenever any entry does. */
export const catalogueSchema = z.object({
  version: z.string(),
  generatedAt: z.string(),
  triggers: z.array(catalogueEntrySchema),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** The engine's quality figures for one detection (packages/audio Detection). */
const qualityFields = {
  score: z.number().min(0).max(1).optional(),
  snrDb: z.number().min(-200).max(200).optional(),
  speed: z.number().min(0.1).max(10).optional(),
  tempo: z.number().min(0.1).max(10).optional(),
};

/**
 * What audience segments match on besides the user agent (docs/decisions/ab-tests.md): the
 * browser's language and its offset from UTC in minutes (local = UTC + offset), for local time.
 */
export const audienceFields = {
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/, 'Must be a language tag like en-GB')
    .optional(),
  utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
};

/** A device-made id, kept on the device; limits and the same-trigger gap count per device. */
export const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8 to 64 letters, digits, _ or -');

/** One detection as a listener reports it. `activationId` makes a repeat the same activation. */
export const detectionSchema = z
  .object({
    activationId: z.string().uuid(),
    publicTriggerId: publicTriggerIdSchema,
    detectedAt: z.string().datetime({ offset: true }),
    deviceId: deviceIdSchema,
    deviceType: z.enum(DEVICE_TYPES),
    osVersion: z.string().min(1).max(300),
    batteryImpact: z.number().int().min(0).max(100).optional(),
    ...qualityFields,
    ...audienceFields,
  })
  .strict();
export type DetectionInput = z.infer<typeof detectionSchema>;

/** Most detections one POST may carry (an offline queue flushes in batches of this size). */
export const MAX_DETECTIONS_PER_REQUEST = 50;

/** POST /api/listener/detections. */
export const detectionBatchSchema = z
  .object({ detections: z.array(detectionSchema).min(1).max(MAX_DETECTIONS_PER_REQUEST) })
  .strict();

/**
 * Why a detection was not stored. `overloaded` and `rate-limited` are worth sending again after
 * `retryAfterMs`; the others are final and the same detection will get the same answer.
 */
export const REFUSAL_REASONS = [
  'unknown-trigger',
  'too-soon',
  'stale',
  'rate-limited',
  'abuse',
  'overloaded',
  /** The trigger (or every variant of its A/B test) targets segments this device is not in. */
  'not-targeted',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];
export const RETRYABLE_REFUSALS: readonly RefusalReason[] = ['rate-limited', 'overloaded'];

export const detectionResultSchema = z.discriminatedUnion('status', [
  z.object({
    activationId: z.string(),
    status: z.literal('accepted'),
    /** true when this activation id had already been stored: the answer is the one it got then. */
    duplicate: z.boolean(),
    publicTriggerId: z.string(),
    action: listenerActionSchema,
  }),
  z.object({
    activationId: z.string(),
    status: z.literal('refused'),
    reason: z.enum(REFUSAL_REASONS),
    message: z.string(),
    retryAfterMs: z.number().int().optional(),
  }),
]);
export type DetectionResult = z.infer<typeof detectionResultSchema>;

export const detectionBatchResultSchema = z.object({ results: z.array(detectionResultSchema) });

/** Suggest a free pattern: a deterministic pick (same seed and platform, same answer). */
export const suggestPatternSchema = z
  .object({
    durationMs: z.number().int().min(400).max(10_000).optional(),
    signal: z.enum(TRIGGER_SIGNALS).optional(),
    /** Another seed gives another candidate set: the form's "another one" press. */
    seed: z.number().int().min(0).max(1_000_000).optional(),
    /** The trigger being edited, whose own pattern does not count as taken. */
    excludeId: z.number().int().positive().optional(),
  })
  .strict();
export type SuggestPatternInput = z.input<typeof suggestPatternSchema>;

export const suggestedPatternSchema = z.object({
  frequencyPattern: z.array(z.number()),
  /** Smallest distance, in semitones summed over the slots, to any active pattern (null: none active). */
  distance: z.number().nullable(),
});
export type SuggestedPattern = z.infer<typeof suggestedPatternSchema>;
