import { z } from 'zod';
import { dayOrInstantSchema } from './dates.ts';
import { digitsParamSchema, MAX_LIST_OFFSET, serialIdParamSchema } from './ids.ts';

// SPEC §2.4 Trigger Activity selectors and §3.3 activation filters.

export const ACTIVITY_RANGES = ['7d', 'month', '30d'] as const;
export type ActivityRange = (typeof ACTIVITY_RANGES)[number];

export const DEVICE_FILTERS = ['all', 'ios', 'android'] as const;
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];

/**
 * Listeners report osVersion as 'Web' or the browser's user agent (SPEC §3.3), so the platform is
 * read from it. Case-insensitive patterns that both PostgreSQL (`~*`) and JavaScript understand.
 */
export const PLATFORM_PATTERNS = {
  ios: '(iphone|ipad|ipod|ios)',
  android: 'android',
} as const satisfies Record<Exclude<DeviceFilter, 'all'>, string>;

export const activityQuerySchema = z
  .object({
    range: z.enum(ACTIVITY_RANGES).default('7d'),
    device: z.enum(DEVICE_FILTERS).default('all'),
  })
  .strict();

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

/** The most rows one JSON list returns; CSV exports stream every matching row. */
export const ACTIVATIONS_MAX_LIMIT = 10_000;
/** Rows one JSON list returns when the caller names no limit. */
export const ACTIVATIONS_DEFAULT_LIMIT = 1000;
/** Rows per page of the Analytics screen's activations table. */
export const ACTIVATIONS_PAGE_SIZE = 10;
/** Response header naming the cursor of the rows after a JSON list cut at its limit. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** Response header with how many rows a CSV export holds (its progress bar's 100 %). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const activationFiltersSchema = z
  .object({
    triggerId: serialIdParamSchema.optional(),
    startDate: dayOrInstantSchema.optional(),
    endDate: dayOrInstantSchema.optional(),
    deviceType: z.string().min(1).max(100).optional(),
    device: z.enum(DEVICE_FILTERS).optional(),
    /** JSON: at most this many rows (default ACTIVATIONS_DEFAULT_LIMIT). CSV: every row unless set. */
    limit: digitsParamSchema(1, ACTIVATIONS_MAX_LIMIT).optional(),
    /** Rows to skip, newest first: with limit, one page of the list. */
    offset: digitsParamSchema(0, MAX_LIST_OFFSET).default(0),
    /** Keyset paging: the rows after this one (an earlier answer's nextCursor); offset then counts from it. */
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, 'Must be a cursor from an earlier answer')
      .optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict();
export type ActivationFilters = z.input<typeof activationFiltersSchema>;

/** GET /api/activations/page takes the same filters; CSV stays with GET /api/activations. */
export const activationPageQuerySchema = activationFiltersSchema.omit({ format: true, limit: true }).extend({
  limit: digitsParamSchema(1, ACTIVATIONS_MAX_LIMIT).default(ACTIVATIONS_DEFAULT_LIMIT),
});
export type ActivationPageQuery = z.input<typeof activationPageQuerySchema>;

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
  /** The engine's figures for this detection, null when the listener did not report them. */
  score: z.number().nullable(),
  /** Quality: the trigger's tones against their neighbourhood, dB (detectionQuality in words). */
  snrDb: z.number().nullable(),
  speed: z.number().nullable(),
  tempo: z.number().nullable(),
});
export type Activation = z.infer<typeof activationSchema>;

/** One page of activations and how many match the filters in all. */
export const activationPageSchema = z.object({
  activations: z.array(activationSchema),
  /** Exact when totalExact; else a lower bound (the count stopped at its cap). */
  total: z.number().int(),
  totalExact: z.boolean(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ActivationPage = z.infer<typeof activationPageSchema>;
