import { z } from 'zod';
import { instantSchema } from './dates.ts';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { listPageSchema, pageParamsShape } from './paging.ts';
import { ownerFilterSchema, ownerTeamIdSchema } from './teams.ts';
import { triggerSchema } from './triggers.ts';

// SPEC §2.11 and §3.3 campaign; §3.4 campaigns table.

/** SPEC §4 shows active or other; these are the others a creator can choose. */
export const CAMPAIGN_STATUSES = ['active', 'paused', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const dateField = instantSchema.nullish();

const campaignFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullish(),
  status: z.enum(CAMPAIGN_STATUSES),
  startDate: dateField,
  endDate: dateField,
};

function checkDates(value: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (value.startDate && value.endDate && new Date(value.endDate) < new Date(value.startDate)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['endDate'],
      message: 'End date must be after the start date',
    });
  }
}

export const createCampaignSchema = z
  .object({ ...campaignFields, status: campaignFields.status.default('active'), teamId: ownerTeamIdSchema })
  .strict()
  .superRefine(checkDates);
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;

/** teamId moves the campaign, with its triggers, to that team (null: to its maker's own). */
export const updateCampaignSchema = z
  .object({ ...campaignFields, teamId: ownerTeamIdSchema })
  .partial()
  .strict()
  .superRefine(checkDates);
export type UpdateCampaignInput = z.input<typeof updateCampaignSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  ownerId: z.number().int().nullable(),
  /** The team it belongs to; null: its owner's own. */
  teamId: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  triggerCount: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.array(campaignSchema);

/**
 * GET /api/campaigns?userId=: only the caller's own id unless the caller is an admin. Other query
 * parameters (cache busters, tracking tags) are ignored, as a query string usually allows.
 */
// Not strict: a stray parameter (a cache buster) neither errors nor widens the list.
export const campaignListQuerySchema = z.object({
  userId: serialIdParamSchema.optional(),
  teamId: ownerFilterSchema,
  ...pageParamsShape,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;

export const campaignIdParamsSchema = z.object({ id: serialIdParamSchema });
export const campaignTriggerParamsSchema = z.object({
  id: serialIdParamSchema,
  triggerId: serialIdParamSchema,
});
export const assignTriggerSchema = z.object({ triggerId: serialIdSchema }).strict();

export const campaignActivityPointSchema = z.object({ date: z.string(), activations: z.number().int() });
export type CampaignActivityPoint = z.infer<typeof campaignActivityPointSchema>;

/** GET /api/campaigns/:id: the campaign, its triggers and daily activations (last 30 days). */
export const campaignDetailSchema = z.object({
  campaign: campaignSchema,
  triggers: z.array(triggerSchema),
  activity: z.array(campaignActivityPointSchema),
  totalActivations: z.number().int(),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

export const CAMPAIGN_ACTIVITY_DAYS = 30;

export const campaignPageSchema = listPageSchema(campaignSchema);
