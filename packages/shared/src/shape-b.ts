import { z } from 'zod';
import { DEFAULT_TRIGGER_DURATION_MS } from './constants.ts';
import { serialIdSchema } from './ids.ts';
import type { PatternCheckInput } from './pattern-check.ts';
import {
  actionDataProblem,
  type CreateTriggerInput,
  defaultActionForType,
  frequencyListSchema,
  TRIGGER_SIGNALS,
  type Trigger,
  type TriggerAction,
  type TriggerType,
} from './triggers.ts';

// DESIGN §3: shape B (public API, embed tools) is a view of the same row as shape A.

export const SHAPE_B_ACTION_TYPES = ['url', 'deepLink', 'notification'] as const;
export type ShapeBActionType = (typeof SHAPE_B_ACTION_TYPES)[number];

/** A trigger in the public API's shape B: what /api/v1 answers and webhooks carry. */
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
  /** What listeners know it by: the id a listening link or the SDK listener's `triggers` names. */
  publicTriggerId: z.string(),
});
export type ShapeBTrigger = z.infer<typeof shapeBTriggerSchema>;

/** The shape-B fields a client writes: POST takes them (with defaults), PATCH any subset. */
export const shapeBWriteFields = {
  name: z.string().trim().min(1).max(100),
  type: z.enum(TRIGGER_SIGNALS),
  frequencyPattern: frequencyListSchema,
  duration: z.number().int().min(400).max(10_000),
  actionType: z.enum(SHAPE_B_ACTION_TYPES),
  actionPayload: z.string().max(2000),
  active: z.boolean(),
  description: z.string().max(1000).nullable(),
};

export function actionToShapeB(action: TriggerAction): ShapeBActionType {
  if (action === 'OPEN_URL') return 'url';
  if (action === 'LAUNCH_APP') return 'deepLink';
  return 'notification';
}

/** notification maps back to DISPLAY_REWARD when the payload is a reward JSON, else CUSTOM_ACTION. */
export function shapeBToAction(
  actionType: ShapeBActionType,
  payload: string,
): { type: TriggerType; action: TriggerAction } {
  if (actionType === 'url') return { type: 'URL', action: 'OPEN_URL' };
  if (actionType === 'deepLink') return { type: 'APP', action: 'LAUNCH_APP' };
  return isRewardPayload(payload)
    ? { type: 'REWARD', action: 'DISPLAY_REWARD' }
    : { type: 'CUSTOM', action: 'CUSTOM_ACTION' };
}

function isRewardPayload(payload: string): boolean {
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null && ('title' in parsed || 'description' in parsed);
  } catch {
    return false;
  }
}

export function toShapeB(trigger: Trigger): ShapeBTrigger {
  return {
    id: trigger.id,
    name: trigger.name,
    type: trigger.signal,
    frequencyPattern: trigger.frequencyPattern,
    frequency: trigger.frequencyPattern[0] ?? 0,
    duration: trigger.durationMs,
    active: trigger.isActive,
    createdAt: trigger.createdAt,
    actionType: actionToShapeB(trigger.action),
    actionPayload: trigger.actionData,
    publicId: trigger.publicId,
    publicTriggerId: trigger.publicTriggerId,
  };
}

/** POST /api/v1/triggers body (SPEC §5: name, type, frequencyPattern, duration, actionType, actionPayload). */
export const createShapeBTriggerSchema = z
  .object({
    ...shapeBWriteFields,
    active: shapeBWriteFields.active.default(true),
    description: shapeBWriteFields.description.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const { action } = shapeBToAction(value.actionType, value.actionPayload);
    const problem = actionDataProblem(action, value.actionPayload);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['actionPayload'], message: problem });
  });
export type CreateShapeBTriggerInput = z.input<typeof createShapeBTriggerSchema>;

export function fromShapeB(input: z.output<typeof createShapeBTriggerSchema>): CreateTriggerInput {
  const { type, action } = shapeBToAction(input.actionType, input.actionPayload);
  return {
    name: input.name,
    description: input.description ?? null,
    type,
    action: action ?? defaultActionForType(type),
    actionData: input.actionPayload,
    frequencyPattern: input.frequencyPattern,
    durationMs: input.duration ?? DEFAULT_TRIGGER_DURATION_MS,
    signal: input.type,
    status: input.active ? 'active' : 'inactive',
  };
}

/**
 * POST /api/v1/triggers/check-pattern body: the pattern a client is about to create or change, in
 * shape B's words (type, duration). excludeId names the trigger being changed, which must not be
 * compared with itself.
 */
export const checkShapeBPatternSchema = z
  .object({
    frequencyPattern: shapeBWriteFields.frequencyPattern,
    type: shapeBWriteFields.type.optional(),
    duration: shapeBWriteFields.duration.optional(),
    excludeId: serialIdSchema.optional(),
  })
  .strict();
export type CheckShapeBPatternInput = z.input<typeof checkShapeBPatternSchema>;

export function fromShapeBPatternCheck(input: z.output<typeof checkShapeBPatternSchema>): PatternCheckInput {
  return {
    frequencyPattern: input.frequencyPattern,
    durationMs: input.duration ?? DEFAULT_TRIGGER_DURATION_MS,
    signal: input.type ?? 'audible',
    ...(input.excludeId === undefined ? {} : { excludeId: input.excludeId }),
  };
}
