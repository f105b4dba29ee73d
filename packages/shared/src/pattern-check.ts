import { z } from 'zod';
import type { ErrorCode } from './error-codes.ts';
import { serialIdSchema } from './ids.ts';
import { frequencyListSchema, TRIGGER_SIGNALS } from './triggers.ts';

/**
 * POST /api/triggers/check-pattern: can this pattern be confused, by the listener's detector,
 * with a trigger that listeners already hear? The form asks while the creator moves the sliders.
 */
export const patternCheckSchema = z
  .object({
    frequencyPattern: frequencyListSchema,
    durationMs: z.number().int().min(400).max(10_000).optional(),
    signal: z.enum(TRIGGER_SIGNALS).optional(),
    /** The trigger being edited, which must not be compared with itself. */
    excludeId: serialIdSchema.optional(),
  })
  .strict();
export type PatternCheckInput = z.input<typeof patternCheckSchema>;

/**
 * One active trigger the pattern could be confused with. Another account's trigger stays
 * anonymous (id, name and pattern null, `yours` false): the creator learns that the pattern is
 * taken or confusable on the platform, not whose it is or what it is called.
 */
export const confusableTriggerSchema = z.object({
  yours: z.boolean(),
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  frequencyPattern: z.array(z.number()).nullable(),
  /** same: every slot alike; one-slot: all but one; shifted: alike once one is played a slot or two later. */
  kind: z.enum(['same', 'one-slot', 'shifted']),
  /** Share of slots the detector hears in both (1: it cannot tell them apart). */
  similarity: z.number(),
  reason: z.string(),
});
export type ConfusableTrigger = z.infer<typeof confusableTriggerSchema>;

export const patternCheckResultSchema = z.object({
  confusableWith: z.array(confusableTriggerSchema),
  /**
   * What the pattern itself risks, whatever else is active, one sentence each in the creator's
   * words (a repeated tone: music matches it by chance more often). A warning, not a refusal.
   */
  warnings: z.array(z.string()).default([]),
});
export type PatternCheckResult = z.infer<typeof patternCheckResultSchema>;

/** The 409 code of a trigger whose pattern copies another account's active trigger. */
export const PATTERN_TAKEN_CODE = 'PATTERN_TAKEN' satisfies ErrorCode;
