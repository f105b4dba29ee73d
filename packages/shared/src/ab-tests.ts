import { z } from 'zod';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { isHttpUrl, TRIGGER_ACTIONS, type TriggerAction, type TriggerType } from './triggers.ts';

// A/B tests within a campaign (issue 13 item 2, docs/decisions/ab-tests.md).

/** draft → running ⇄ paused → ended; "declare winner" ends it too. */
export const AB_TEST_STATUSES = ['draft', 'running', 'paused', 'ended'] as const;
export type AbTestStatus = (typeof AB_TEST_STATUSES)[number];
export const AB_TEST_COMMANDS = ['start', 'pause', 'end'] as const;
export type AbTestCommand = (typeof AB_TEST_COMMANDS)[number];

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 5;

/** The trigger type an action belongs to (SPEC §3.1 pairs them one to one). */
export const TYPE_OF_ACTION: Record<TriggerAction, TriggerType> = {
  OPEN_URL: 'URL',
  LAUNCH_APP: 'APP',
  DISPLAY_REWARD: 'REWARD',
  CUSTOM_ACTION: 'CUSTOM',
};

export const abVariantInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    triggerId: serialIdSchema,
    trafficAllocation: z.number().int().min(1).max(99),
    action: z.enum(TRIGGER_ACTIONS),
    actionData: z.string().trim().min(1).max(2000),
    /** Segments this variant is for ([] or left out: everyone the trigger runs for). */
    segmentIds: z.array(serialIdSchema).max(20).default([]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.action === 'OPEN_URL' && !isHttpUrl(v.actionData))
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['actionData'],
        message: 'Must be an http or https URL',
      });
  });
export type AbVariantInput = z.input<typeof abVariantInputSchema>;

export const createAbTestSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500).nullish(),
    campaignId: serialIdSchema,
    variants: z.array(abVariantInputSchema).min(MIN_VARIANTS).max(MAX_VARIANTS),
  })
  .strict()
  .superRefine((t, ctx) => {
    const sum = t.variants.reduce((s, v) => s + v.trafficAllocation, 0);
    if (sum !== 100)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['variants'],
        message: `Traffic allocations must add up to 100 (they add up to ${sum})`,
      });
    const names = new Set(t.variants.map((v) => v.name.toLowerCase()));
    if (names.size !== t.variants.length)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['variants'], message: 'Variant names must differ' });
  });
export type CreateAbTestInput = z.input<typeof createAbTestSchema>;

export const abTestCommandSchema = z.object({ command: z.enum(AB_TEST_COMMANDS) }).strict();
export const declareWinnerSchema = z.object({ variantId: serialIdSchema }).strict();
export const abTestIdParamsSchema = z.object({ id: serialIdParamSchema });
export const abTestListQuerySchema = z.object({ campaignId: serialIdParamSchema.optional() }).strict();

export const abVariantSchema = z.object({
  id: z.number(),
  name: z.string(),
  triggerId: z.number().nullable(),
  triggerName: z.string().nullable(),
  trafficAllocation: z.number(),
  action: z.enum(TRIGGER_ACTIONS),
  actionData: z.string(),
  segmentIds: z.array(z.number()),
  /** The trigger's conversion goal: what the creator's site reports. */
  conversionGoal: z.string().nullable(),
});

export const abTestSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  campaignId: z.number(),
  campaignName: z.string(),
  /** The campaign's owner and team: a test is its campaign's, so screens decide its buttons by them (canWriteAsset). */
  ownerId: z.number().nullable(),
  teamId: z.number().nullable(),
  status: z.enum(AB_TEST_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  winnerVariantId: z.number().nullable(),
  createdAt: z.string(),
  variants: z.array(abVariantSchema),
});
export type AbTest = z.infer<typeof abTestSchema>;
/** GET /api/ab-tests: the tests you may see, and whether your plan may run them. */
export const abTestListSchema = z.object({
  tests: z.array(abTestSchema),
  planIncludesAbTesting: z.boolean(),
});
export type AbTestList = z.infer<typeof abTestListSchema>;

export const abVariantResultSchema = z.object({
  variantId: z.number(),
  name: z.string(),
  trafficAllocation: z.number(),
  /** Distinct listeners (devices) the variant was served to. */
  served: z.number(),
  /** Detections that ran the variant's action. */
  activations: z.number(),
  /** Activations with at least one conversion step (a tracked click or the goal). */
  conversions: z.number(),
  clicks: z.number(),
  goals: z.number(),
  /** conversions / activations, percent. */
  conversionRate: z.number(),
  /** 95 % Wilson score interval of the conversion rate, percent. */
  interval: z.object({ low: z.number(), high: z.number() }),
});
export type AbVariantResult = z.infer<typeof abVariantResultSchema>;

export const abComparisonSchema = z.object({
  variantId: z.number(),
  /** Difference in conversion rate against the baseline, percentage points. */
  difference: z.number(),
  /** 95 % interval of that difference (unpooled), percentage points. */
  interval: z.object({ low: z.number(), high: z.number() }),
  z: z.number().nullable(),
  pValue: z.number().nullable(),
  /** The normal approximation holds: 5+ conversions and 5+ non-conversions on both sides. */
  enoughData: z.boolean(),
  significant: z.boolean(),
});

export const abTestResultsSchema = z.object({
  test: abTestSchema,
  method: z.string(),
  confidenceLevel: z.number(),
  /** The significance level each comparison is held to (0.05 split over the comparisons). */
  alpha: z.number(),
  /** The control (the first variant); null when a deleted trigger took every variant with it. */
  baselineVariantId: z.number().nullable(),
  variants: z.array(abVariantResultSchema),
  comparisons: z.array(abComparisonSchema),
  /** The variant with the best rate when its lead is significant, else null. */
  leaderVariantId: z.number().nullable(),
});
export type AbTestResults = z.infer<typeof abTestResultsSchema>;

// Conversions (issue 13 item 2): the creator's site reports the trigger's goal.

/** A conversion step: a tracked click on the served link, or the goal the creator's site reports. */
export const CONVERSION_KINDS = ['click', 'goal'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** A conversion goal name as the trigger form stores it. */
export const conversionGoalSchema = z.string().trim().min(1).max(200);

export const reportConversionSchema = z
  .object({ activationId: z.string().uuid('Must be an activation id (a uuid)'), goal: conversionGoalSchema })
  .strict();

export const conversionReceiptSchema = z.object({
  activationId: z.string(),
  goal: z.string(),
  /** true when this activation had already reported this goal: nothing new was counted. */
  duplicate: z.boolean(),
});
export type ConversionReceipt = z.infer<typeof conversionReceiptSchema>;

export const clickParamsSchema = z.object({
  activationId: z.string().uuid('Must be an activation id (a uuid)'),
});
