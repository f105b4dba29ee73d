import { z } from 'zod';

// GET /api/analytics/performance (issue 13 item 4): conversions, campaigns, segments and the
// hour / weekday shape of activity, all read from the rollups (docs/decisions/ab-tests.md).

const rowSchema = z.object({
  activations: z.number(),
  conversions: z.number(),
  /** conversions / activations, percent to 1 decimal. */
  conversionRate: z.number(),
});

export const analyticsPerformanceSchema = z.object({
  /** All time. */
  conversionRate: z.number(),
  conversions: z.number(),
  /** Month-over-month change of the conversion rate in percent; null: nothing last month. */
  conversionRateTrend: z.number().nullable(),
  campaignPerformance: z.array(rowSchema.extend({ campaignId: z.number(), name: z.string() })),
  segmentPerformance: z.array(rowSchema.extend({ segmentId: z.number(), name: z.string() })),
  /** The last `activityDays` days (UTC): 24 counts by hour of day, 7 by weekday (0 Sunday). */
  hourlyActivity: z.array(z.number()),
  weeklyActivity: z.array(z.number()),
  activityDays: z.number(),
});
export type AnalyticsPerformance = z.infer<typeof analyticsPerformanceSchema>;
