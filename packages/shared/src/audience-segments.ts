import { z } from 'zod';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import { DEVICE_TYPES } from './listener-protocol.ts';

// Audience segments (issue 13 item 3, docs/decisions/ab-tests.md): named criteria over what a
// listener reports without identifying a person. Every criterion left out matches everyone.

export const SEGMENT_PLATFORMS = ['mobile', 'tablet', 'desktop'] as const;
export type SegmentPlatform = (typeof SEGMENT_PLATFORMS)[number];
export const SEGMENT_OSES = ['iOS', 'Android', 'Windows', 'macOS', 'Linux', 'ChromeOS', 'Other'] as const;
export type SegmentOs = (typeof SEGMENT_OSES)[number];
export const SEGMENT_BROWSERS = ['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Other'] as const;
export type SegmentBrowser = (typeof SEGMENT_BROWSERS)[number];
/** 0 Sunday … 6 Saturday, in the listener's local time. */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const hourSchema = z.number().int().min(0).max(23);

export const segmentCriteriaSchema = z
  .object({
    /** The device class, from the user agent. */
    platforms: z.array(z.enum(SEGMENT_PLATFORMS)).min(1).max(3).optional(),
    os: z.array(z.enum(SEGMENT_OSES)).min(1).max(SEGMENT_OSES.length).optional(),
    browsers: z.array(z.enum(SEGMENT_BROWSERS)).min(1).max(SEGMENT_BROWSERS.length).optional(),
    /** Which listener reported it (web page, native app, the dashboard's simulator). */
    deviceTypes: z.array(z.enum(DEVICE_TYPES)).min(1).max(DEVICE_TYPES.length).optional(),
    /** Local hours, `from` included and `to` excluded; from 22 to 6 wraps past midnight. */
    hours: z
      .object({ from: hourSchema, to: z.number().int().min(0).max(24) })
      .strict()
      .refine((h) => h.from !== h.to, { message: 'From and to must differ', path: ['to'] })
      .optional(),
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7).optional(),
    /** Language prefixes as the browser reports them: 'en', 'pt-BR'. */
    languages: z
      .array(
        z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Must be a language tag like en or pt-BR'),
      )
      .min(1)
      .max(20)
      .optional(),
  })
  .strict();
export type SegmentCriteria = z.infer<typeof segmentCriteriaSchema>;

const segmentFields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(500).nullish(),
  criteria: segmentCriteriaSchema,
};

export const createSegmentSchema = z.object(segmentFields).strict();
export type CreateSegmentInput = z.input<typeof createSegmentSchema>;
export const updateSegmentSchema = z.object(segmentFields).partial().strict();

export const audienceSegmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  criteria: segmentCriteriaSchema,
  createdAt: z.string(),
  /** Triggers of the account that target it. */
  targetedTriggerIds: z.array(z.number()),
});
export type AudienceSegment = z.infer<typeof audienceSegmentSchema>;
/** GET /api/segments. */
export const segmentListSchema = z.object({ segments: z.array(audienceSegmentSchema) });
export type SegmentList = z.infer<typeof segmentListSchema>;

export const segmentIdParamsSchema = z.object({ id: serialIdParamSchema });

/** PUT /api/segments/targeting/:triggerId: the segments a trigger runs for ([] = everyone). */
export const triggerTargetingSchema = z.object({ segmentIds: z.array(serialIdSchema).max(20) }).strict();
export const triggerTargetingParamsSchema = z.object({ triggerId: serialIdParamSchema });

/** What the listener knew about one detection, as a segment is matched against it. */
export interface DetectionTraits {
  platform: SegmentPlatform;
  os: SegmentOs;
  browser: SegmentBrowser;
  deviceType: string;
  /** Local hour 0-23 and weekday 0-6. */
  hour: number;
  day: number;
  language: string | null;
}
