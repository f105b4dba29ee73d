import { z } from 'zod';

// SPEC §2.4 Trigger Activity selectors and §3.3 activation filters.

export const ACTIVITY_RANGES = ['7d', 'month', '30d'] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];
export const ACTIVITY_RANGE_LABELS: Record<ActivityRange, string> = {
  '7d': 'Last 7 days',
  month: 'This month',
  '30d': 'Last 30 days',
};

export const DEVICE_FILTERS = ['all', 'ios', 'android'] as const;
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];
export const DEVICE_FILTER_LABELS: Record<DeviceFilter, string> = {
  all: 'All Devices',
  ios: 'iOS Only',
  android: 'Android Only',
};

export const activityQuerySchema = z
  .object({
    range: z.enum(ACTIVITY_RANGES).default('7d'),
    device: z.enum(DEVICE_FILTERS).default('all'),
  })
  .strict();
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityResponseSchema = z.object({
  range: z.enum(ACTIVITY_RANGES),
  device: z.enum(DEVICE_FILTERS),
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  total: z.number().int(),
  /** The same-length period just before, for the footer's change figure. */
  previousTotal: z.number().int(),
  changePercent: z.number(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

export const activationFiltersSchema = z
  .object({
    triggerId: z.coerce.number().int().positive().optional(),
    startDate: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
    endDate: z.string().datetime({ offset: true }).or(z.string().date()).optional(),
    deviceType: z.string().min(1).max(100).optional(),
    device: z.enum(DEVICE_FILTERS).optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();
export type ActivationFilters = z.input<typeof activationFiltersSchema>;

export const activationSchema = z.object({
  id: z.number().int(),
  activationId: z.string(),
  triggerId: z.number().int().nullable(),
  triggerName: z.string().nullable(),
  campaignId: z.number().int().nullable(),
  deviceType: z.string().nullable(),
  osVersion: z.string().nullable(),
  batteryImpact: z.number().int().nullable(),
  successful: z.boolean(),
  activatedAt: z.string(),
});
export type Activation = z.infer<typeof activationSchema>;
