import { z } from 'zod';

const percentMap = z.record(z.number());
const countMap = z.record(z.number().int());

/** SPEC §3.2. The declared-but-not-displayed fields are optional so the summary stays small. */
export const analyticsSummarySchema = z.object({
  activeTriggers: z.number().int(),
  totalActivations: z.number().int(),
  successRate: z.number(),
  batteryImpact: z.number(),
  deviceCompatibility: percentMap,
  triggerTypeCounts: countMap,
  activationsByDay: countMap,
  /** Percent change from last month; null when last month had nothing to compare with. */
  lastMonthTrends: z.object({
    activeTriggers: z.number().nullable(),
    totalActivations: z.number().nullable(),
    successRate: z.number().nullable(),
    batteryImpact: z.number().nullable(),
    conversionRate: z.number().nullable(),
  }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const EMPTY_ANALYTICS_SUMMARY: AnalyticsSummary = {
  activeTriggers: 0,
  totalActivations: 0,
  successRate: 0,
  batteryImpact: 0,
  deviceCompatibility: {},
  triggerTypeCounts: {},
  activationsByDay: {},
  lastMonthTrends: {
    activeTriggers: 0,
    totalActivations: 0,
    successRate: 0,
    batteryImpact: 0,
    conversionRate: 0,
  },
};
