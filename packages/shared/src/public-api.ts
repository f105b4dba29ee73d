import { z } from 'zod';
import { activationFiltersSchema } from './activations.ts';
import { API_LIST_DEFAULT_LIMIT } from './constants.ts';
import type { ApiErrorBody } from './error-codes.ts';
import { digitsParamSchema, serialIdParamSchema } from './ids.ts';
import { isHttpUrl, TRIGGER_SIGNALS } from './triggers.ts';

// The public REST API (SPEC §7 'Documented public API', DESIGN §5): API keys, /api/v1 queries
// and webhook registration. docs/decisions/public-api.md records the choices.

// API_RATE_LIMIT_PER_MINUTE, API_LIST_DEFAULT_LIMIT and SDK_VERSION live in constants.ts.
export const API_KEY_HEADER = 'X-API-Key';
export const MAX_API_KEYS_PER_USER = 20;
export const MAX_WEBHOOKS_PER_USER = 10;
export const V1_TRIGGERS_MAX_LIMIT = 500;
export const V1_ACTIVATIONS_DEFAULT_LIMIT = 100;

/** tm_live_<8 hex prefix>_<43 base64url secret>. */
export const API_KEY_PATTERN = /^tm_live_([0-9a-f]{8})_([A-Za-z0-9_-]{43})$/;

export const createApiKeySchema = z
  .object({
    name: z.string().trim().min(1).max(60),
  })
  .strict();
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** An API key as lists show it: never the secret. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The creation answer: the only time the full key is ever shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: serialIdParamSchema });

const booleanQuery = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /api/v1/triggers?type&active&limit (SPEC §7: limit defaults to 50). */
export const v1TriggerListQuerySchema = z
  .object({
    type: z.enum(TRIGGER_SIGNALS).optional(),
    active: booleanQuery.optional(),
    limit: digitsParamSchema(1, V1_TRIGGERS_MAX_LIMIT).default(API_LIST_DEFAULT_LIMIT),
  })
  .strict();

/** GET /api/v1/activations: SPEC §3.3's filters plus paging. */
export const v1ActivationsQuerySchema = activationFiltersSchema
  .pick({ triggerId: true, startDate: true, endDate: true, deviceType: true, offset: true })
  .extend({
    limit: digitsParamSchema(1, 1000).default(V1_ACTIVATIONS_DEFAULT_LIMIT),
  })
  .strict();

export const V1_DATE_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type V1DateRange = (typeof V1_DATE_RANGES)[number];

export const v1AnalyticsQuerySchema = z.object({ dateRange: z.enum(V1_DATE_RANGES).default('30d') }).strict();

export const v1AnalyticsSchema = z.object({
  dateRange: z.enum(V1_DATE_RANGES),
  /** First instant counted (null for 'all') and the moment the figures were taken. */
  from: z.string().nullable(),
  to: z.string(),
  totalTriggers: z.number().int(),
  activeTriggers: z.number().int(),
  totalActivations: z.number().int(),
  successRate: z.number(),
  averageBatteryImpact: z.number(),
  activationsByDay: z.record(z.number().int()),
  deviceTypes: z.record(z.number().int()),
  topTriggers: z.array(
    z.object({ triggerId: z.number().int(), name: z.string(), activations: z.number().int() }),
  ),
});
export type V1Analytics = z.infer<typeof v1AnalyticsSchema>;

export const WEBHOOK_EVENTS = ['trigger.created', 'trigger.activated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Standard Webhooks secrets: whsec_ and base64 of 24 to 64 random bytes. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/**
 * POST /api/v1/webhooks/register (SPEC §3.3: url, events, secret) and, for Account Settings,
 * POST /api/webhooks. The session routes /api/webhooks answer with the schemas below unwrapped.
 */
export const registerWebhookSchema = z
  .object({
    url: z.string().trim().max(2000).refine(isHttpUrl, 'Must be an http or https URL'),
    events: z
      .array(z.enum(WEBHOOK_EVENTS))
      .min(1)
      .transform((events) => [...new Set(events)]),
    secret: z
      .string()
      .regex(WEBHOOK_SECRET_PATTERN, 'Must be whsec_ followed by base64 of 24 to 64 bytes')
      .optional(),
  })
  .strict();
export type RegisterWebhookInput = z.input<typeof registerWebhookSchema>;
export type RegisterWebhook = z.output<typeof registerWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The registration answer carries the signing secret (generated when none was sent). */
export const registeredWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type RegisteredWebhook = z.infer<typeof registeredWebhookSchema>;

export const webhookIdParamsSchema = z.object({ id: serialIdParamSchema });

/** One logged delivery attempt (GET /api/v1/webhooks/{id}/deliveries). */
export const webhookDeliverySchema = z.object({
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  attempt: z.number().int(),
  succeeded: z.boolean(),
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  attemptedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const WEBHOOK_DELIVERIES_LIMIT = 50;

/** The JSON body of every delivery (Standard Webhooks' type / timestamp / data layout). */
export interface WebhookPayload<T = unknown> {
  type: WebhookEvent;
  timestamp: string;
  data: T;
}

export interface V1ErrorBody extends ApiErrorBody {
  success: false;
}
