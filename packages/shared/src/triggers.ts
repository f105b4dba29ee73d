import { z } from 'zod';
import {
  DEFAULT_FREQUENCY_PATTERN,
  DEFAULT_TRIGGER_DURATION_MS,
  FREQUENCY_COUNT,
  FREQUENCY_MAX_HZ,
  FREQUENCY_MIN_HZ,
} from './constants.ts';
import { instantSchema } from './dates.ts';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { listPageSchema, pageParamsShape } from './paging.ts';
import { ownerFilterSchema, ownerTeamIdSchema } from './teams.ts';

export const TRIGGER_TYPES = ['URL', 'APP', 'REWARD', 'CUSTOM'] as const;
export const TRIGGER_ACTIONS = ['OPEN_URL', 'LAUNCH_APP', 'DISPLAY_REWARD', 'CUSTOM_ACTION'] as const;
export const TRIGGER_STATUSES = ['active', 'inactive', 'scheduled'] as const;
/**
 * How a trigger is played (shape B `type`): `streaming` maps the pattern to 13-15.5 kHz, which
 * stereo MP3/AAC/Opus keep at 128 kb/s (docs/decisions/audio-signals.md, measured in
 * docs/audio-benchmark.md), for media a platform re-encodes.
 */
export const TRIGGER_SIGNALS = ['audible', 'ultrasonic', 'combined', 'streaming'] as const;
export const PRIORITY_LEVELS = ['low', 'medium', 'high'] as const;
export const BATTERY_IMPACT_LEVELS = ['low', 'medium', 'high'] as const;
export const BROADCAST_MODES = ['standard', 'continuous', 'scheduled'] as const;

export type TriggerType = (typeof TRIGGER_TYPES)[number];
export type TriggerAction = (typeof TRIGGER_ACTIONS)[number];
export type TriggerStatus = (typeof TRIGGER_STATUSES)[number];
export type TriggerSignal = (typeof TRIGGER_SIGNALS)[number];

/** SPEC §4: changing the type sets the default action. */
export function defaultActionForType(type: string): TriggerAction {
  switch (type) {
    case 'URL':
      return 'OPEN_URL';
    case 'APP':
      return 'LAUNCH_APP';
    case 'REWARD':
      return 'DISPLAY_REWARD';
    default:
      return 'CUSTOM_ACTION';
  }
}

export const frequencySchema = z.number().min(FREQUENCY_MIN_HZ).max(FREQUENCY_MAX_HZ);
export const frequencyListSchema = z.array(frequencySchema).length(FREQUENCY_COUNT);

/** SPEC §5: a frequencyPattern that is not an array falls back to the default pattern. */
export const frequencyPatternSchema = z.preprocess(
  (value) => (Array.isArray(value) ? value : [...DEFAULT_FREQUENCY_PATTERN]),
  frequencyListSchema,
);

/** Only http(s) links may be opened by a listener: never javascript:, data: or file:. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const HTTP_URL_MESSAGE = 'Must be an http or https URL';

/**
 * The OPEN_URL rule, written once for every shape, the server and the form: a trigger that opens
 * a link opens an http(s) one. Returns what is wrong with `actionData` for `action`, if anything.
 */
export function actionDataProblem(action: string, actionData: string): string | undefined {
  return action === 'OPEN_URL' && !isHttpUrl(actionData) ? HTTP_URL_MESSAGE : undefined;
}

/** True when a stored action is a link a listener may open (the click-through redirect asks). */
export function opensLink(action: string | null, actionData: string | null): actionData is string {
  return action === 'OPEN_URL' && actionData !== null && actionDataProblem(action, actionData) === undefined;
}

const triggerFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000).nullish(),
  type: z.enum(TRIGGER_TYPES),
  action: z.enum(TRIGGER_ACTIONS),
  actionData: z.string().max(2000),
  status: z.enum(TRIGGER_STATUSES),
  durationMs: z.number().int().min(400).max(10_000),
  signal: z.enum(TRIGGER_SIGNALS),
  campaignId: serialIdSchema.nullish(),
  expiresAt: instantSchema.nullish(),
  isPublic: z.boolean(),
  conversionGoal: z.string().max(200).nullish(),
  batteryImpactLevel: z.enum(BATTERY_IMPACT_LEVELS),
  priorityLevel: z.enum(PRIORITY_LEVELS),
  broadcastMode: z.enum(BROADCAST_MODES),
  targetAudience: z.string().max(200).nullish(),
  activationLimit: z.number().int().min(0).max(2_147_483_647).nullish(),
  analyticsEnabled: z.boolean(),
  webhookUrl: z
    .string()
    .max(2000)
    .refine((v) => v === '' || isHttpUrl(v), HTTP_URL_MESSAGE)
    .nullish(),
  audienceTargeting: z.record(z.unknown()).nullish(),
  metadata: z.record(z.unknown()).nullish(),
};

function checkActionData(value: { action?: TriggerAction; actionData?: string }, ctx: z.RefinementCtx) {
  const problem =
    value.action && value.actionData !== undefined
      ? actionDataProblem(value.action, value.actionData)
      : undefined;
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['actionData'], message: problem });
}

/** POST /api/triggers and the Create Trigger form (shape A). */
export const createTriggerSchema = z
  .object({
    ...triggerFields,
    description: triggerFields.description,
    frequencyPattern: frequencyPatternSchema,
    status: triggerFields.status.default('active'),
    durationMs: triggerFields.durationMs.default(DEFAULT_TRIGGER_DURATION_MS),
    signal: triggerFields.signal.default('audible'),
    isPublic: triggerFields.isPublic.default(false),
    batteryImpactLevel: triggerFields.batteryImpactLevel.default('medium'),
    priorityLevel: triggerFields.priorityLevel.default('medium'),
    broadcastMode: triggerFields.broadcastMode.default('standard'),
    analyticsEnabled: triggerFields.analyticsEnabled.default(true),
    // Optional on create: SPEC §4 derives it from the type when the client leaves it out.
    action: triggerFields.action.optional(),
    // Issue 13: a team's trigger, or (absent/null) the creator's own.
    teamId: ownerTeamIdSchema,
  })
  .strict()
  .transform((value) => ({ ...value, action: value.action ?? defaultActionForType(value.type) }))
  .superRefine(checkActionData);
export type CreateTriggerInput = z.input<typeof createTriggerSchema>;
export type CreateTriggerData = z.output<typeof createTriggerSchema>;

/**
 * PATCH /api/triggers/:id: any subset; a frequencyPattern, when sent, follows the create rule. A
 * teamId moves the trigger to that team (null: to its creator's own), for one who may change both.
 */
export const updateTriggerSchema = z
  .object({ ...triggerFields, frequencyPattern: frequencyPatternSchema, teamId: ownerTeamIdSchema })
  .partial()
  .strict()
  .superRefine(checkActionData);
export type UpdateTriggerInput = z.input<typeof updateTriggerSchema>;
export type UpdateTriggerData = z.output<typeof updateTriggerSchema>;

/** Shape A, as every /api/triggers answer carries it. */
export const triggerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(TRIGGER_TYPES),
  action: z.enum(TRIGGER_ACTIONS),
  actionData: z.string(),
  frequencyPattern: z.array(z.number()),
  status: z.enum(TRIGGER_STATUSES),
  isActive: z.boolean(),
  durationMs: z.number().int(),
  signal: z.enum(TRIGGER_SIGNALS),
  publicId: z.string(),
  /** What listeners know the trigger by (the catalogue's id); a listening link names it. */
  publicTriggerId: z.string(),
  creatorId: z.number().int().nullable(),
  campaignId: z.number().int().nullable(),
  /** The team it belongs to; null: its creator's own. */
  teamId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
  isPublic: z.boolean(),
  conversionGoal: z.string().nullable(),
  batteryImpactLevel: z.enum(BATTERY_IMPACT_LEVELS),
  priorityLevel: z.enum(PRIORITY_LEVELS),
  broadcastMode: z.enum(BROADCAST_MODES),
  targetAudience: z.string().nullable(),
  embedCount: z.number().int(),
  activationCount: z.number().int(),
  activationLimit: z.number().int().nullable(),
  analyticsEnabled: z.boolean(),
  webhookUrl: z.string().nullable(),
  audienceTargeting: z.record(z.unknown()).nullable(),
  metadata: z.record(z.unknown()).nullable(),
});
export type Trigger = z.infer<typeof triggerSchema>;

export const triggerIdParamsSchema = z.object({ id: serialIdParamSchema });

/** GET /api/triggers: no page named, the whole list (SPEC §7); with page/pageSize, one ListPage. */
// Not strict, as the campaign list: a stray parameter (a cache buster) is ignored.
export const triggerListQuerySchema = z.object({
  ...pageParamsShape,
  type: z.enum(TRIGGER_TYPES).optional(),
  teamId: ownerFilterSchema,
});
export type TriggerListQuery = z.input<typeof triggerListQuerySchema>;
export const triggerPageSchema = listPageSchema(triggerSchema);
