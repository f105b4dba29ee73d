import { z } from 'zod';
import { DEFAULT_TRIGGER_DURATION_MS } from '../constants.ts';
import { patternCheckResultSchema } from '../pattern-check.ts';
import {
  registeredWebhookSchema,
  registerWebhookSchema,
  v1ActivationsQuerySchema,
  v1AnalyticsQuerySchema,
  v1AnalyticsSchema,
  v1TriggerListQuerySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookIdParamsSchema,
} from '../public-api.ts';
import { checkShapeBPatternSchema, createShapeBTriggerSchema, shapeBTriggerSchema } from '../shape-b.ts';
import { triggerIdParamsSchema } from '../triggers.ts';
import { v1ActivationsPageSchema, v1WebhookDeletedSchema } from './v1-contracts.ts';
import {
  exampleActivationsPage,
  exampleAnalytics,
  exampleCheckPattern,
  exampleCreateTrigger,
  exampleDeliveries,
  examplePatternCheck,
  exampleRegisteredWebhook,
  exampleRegisterWebhook,
  exampleTrigger,
  exampleWebhookEndpoint,
} from './v1-examples.ts';
import { updateShapeBTriggerSchema } from './v1-update-trigger.ts';

// The /api/v1 route table: one entry per operation, naming the contracts it parses and answers.
// The server registers its routes from it, the OpenAPI document is built from it, the SDK's types
// are generated from that document: there is no second description to drift.

export type V1Tag = 'Triggers' | 'Activations' | 'Analytics' | 'Webhooks';
export type V1Method = 'get' | 'post' | 'patch' | 'delete';
/** Error statuses an operation may answer besides 400, 401, 413, 415 and 429, which any may. */
export type V1ErrorStatus = 403 | 404 | 409;

export interface V1Operation {
  operationId: string;
  method: V1Method;
  /** OpenAPI path below /api/v1, e.g. /webhooks/{id}. */
  path: string;
  tag: V1Tag;
  summary: string;
  description?: string;
  params?: z.AnyZodObject;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  status: 200 | 201;
  /** The `data` of the success answer. */
  response: z.ZodTypeAny;
  errors: V1ErrorStatus[];
  /**
   * JSON Schema for the body's rules that zod states as refinements (appended with allOf), so a
   * body valid by the document is one the server takes.
   */
  bodyRules?: Record<string, unknown>[];
  /** What each parameter or body field means, for readers (the schemas say what is valid). */
  fields?: Record<string, string>;
  example: {
    path?: string;
    query?: Record<string, string>;
    body?: unknown;
    response: unknown;
  };
}

/** Shape-B bodies: a trimmed name is not empty; a url action's payload is an http(s) URL. */
const SHAPE_B_BODY_RULES = [
  { properties: { name: { pattern: '\\S' } } },
  // "if actionType is url, then actionPayload is an http(s) URL", written without `then`.
  {
    anyOf: [
      { properties: { actionType: { not: { const: 'url' } } } },
      { properties: { actionPayload: { pattern: '^https?://[^\\s/?#]+[^\\s]*$' } } },
    ],
  },
];

/** What each writable trigger field means: the same words on create and on update. */
const TRIGGER_WRITE_FIELD_DOCS = {
  name: 'Shown in the dashboard and to listeners.',
  type: 'Where the tones sit: the signal type.',
  frequencyPattern: 'Four frequencies in Hz, each from 500 to 2000, played in order.',
  duration: 'Length of the whole pattern in ms.',
  actionType: 'What a listener’s device does on detection.',
  actionPayload: 'An http(s) URL for url, an app link for deepLink, text or reward JSON for notification.',
  active: 'Whether listeners detect it (counts against your plan).',
  description: 'Notes for you.',
};

export const V1_OPERATIONS = [
  {
    operationId: 'listTriggers',
    method: 'get',
    path: '/triggers',
    tag: 'Triggers',
    summary: 'List your triggers, newest first.',
    query: v1TriggerListQuerySchema,
    status: 200,
    response: z.array(shapeBTriggerSchema),
    errors: [],
    fields: {
      type: 'Only triggers of this signal type.',
      active: 'true: only active triggers; false: only the others.',
      limit: 'How many to return (newest first).',
    },
    example: { query: { type: 'audible', active: 'true', limit: '50' }, response: [exampleTrigger] },
  },
  {
    operationId: 'createTrigger',
    method: 'post',
    path: '/triggers',
    tag: 'Triggers',
    summary: 'Create a trigger and render its tone file.',
    description:
      'Active triggers count against your plan (403 PLAN_LIMIT when it is reached); an exact copy of another account’s active pattern is refused (409 PATTERN_TAKEN). A viewer’s key answers 403.',
    body: createShapeBTriggerSchema,
    bodyRules: SHAPE_B_BODY_RULES,
    status: 201,
    response: shapeBTriggerSchema,
    errors: [403, 409],
    fields: TRIGGER_WRITE_FIELD_DOCS,
    example: { body: exampleCreateTrigger, response: exampleTrigger },
  },
  {
    // Before /triggers/{id}: the 405 answer's Allow header names the first path that matches.
    operationId: 'checkTriggerPattern',
    method: 'post',
    path: '/triggers/check-pattern',
    tag: 'Triggers',
    summary: 'Check a pattern before you create or change a trigger with it.',
    description:
      'The check the dashboard’s trigger form makes while the sliders move. confusableWith lists the active triggers on the platform a listener could mistake for this pattern; another account’s trigger is named by its kind and similarity only (id, name and pattern null). warnings says, one sentence each, what the pattern risks on its own (a repeated tone, tones under 700 Hz). Nothing is saved; a pattern another account uses exactly would be refused on create (409 PATTERN_TAKEN).',
    body: checkShapeBPatternSchema,
    status: 200,
    response: patternCheckResultSchema,
    errors: [],
    fields: {
      frequencyPattern: TRIGGER_WRITE_FIELD_DOCS.frequencyPattern,
      type: `${TRIGGER_WRITE_FIELD_DOCS.type} audible when left out.`,
      duration: `${TRIGGER_WRITE_FIELD_DOCS.duration} ${DEFAULT_TRIGGER_DURATION_MS} when left out.`,
      excludeId: 'The trigger you are changing, so it is not compared with itself.',
    },
    example: { body: exampleCheckPattern, response: examplePatternCheck },
  },
  {
    operationId: 'getTrigger',
    method: 'get',
    path: '/triggers/{id}',
    tag: 'Triggers',
    summary: 'One of your triggers.',
    params: triggerIdParamsSchema,
    status: 200,
    response: shapeBTriggerSchema,
    errors: [404],
    fields: {
      id: 'The trigger’s id.',
    },
    example: { path: '/triggers/42', response: exampleTrigger },
  },
  {
    operationId: 'updateTrigger',
    method: 'patch',
    path: '/triggers/{id}',
    tag: 'Triggers',
    summary: 'Change some fields of one of your triggers.',
    description:
      'Send only the fields to change. actionType and actionPayload go together. Switching a trigger on counts against your plan (403 PLAN_LIMIT); a pattern another account uses is refused (409 PATTERN_TAKEN).',
    params: triggerIdParamsSchema,
    body: updateShapeBTriggerSchema,
    bodyRules: [
      ...SHAPE_B_BODY_RULES,
      { dependentRequired: { actionType: ['actionPayload'], actionPayload: ['actionType'] } },
    ],
    status: 200,
    response: shapeBTriggerSchema,
    errors: [403, 404, 409],
    fields: {
      id: 'The trigger’s id.',
      ...TRIGGER_WRITE_FIELD_DOCS,
    },
    example: {
      path: '/triggers/42',
      body: { active: false },
      response: { ...exampleTrigger, active: false },
    },
  },
  {
    operationId: 'listActivations',
    method: 'get',
    path: '/activations',
    tag: 'Activations',
    summary: 'Detections of your triggers by listeners, newest first, with the total that match.',
    query: v1ActivationsQuerySchema,
    status: 200,
    response: v1ActivationsPageSchema,
    errors: [],
    fields: {
      triggerId: 'Only this trigger’s activations.',
      startDate: 'From this moment (a bare YYYY-MM-DD is the start of that UTC day).',
      endDate: 'Until this moment (a bare date: the end of that day).',
      deviceType: 'For example Web Listener, Native App, Mobile Simulator.',
      offset: 'Rows to skip, for the next page.',
      limit: 'Rows per page.',
    },
    example: {
      query: { triggerId: '42', startDate: '2026-11-01', deviceType: 'Web Listener' },
      response: exampleActivationsPage,
    },
  },
  {
    operationId: 'getAnalytics',
    method: 'get',
    path: '/analytics',
    tag: 'Analytics',
    summary: 'Figures for your triggers over a period.',
    description:
      'Counts, success rate, average battery impact, activations per UTC day, device types and your top five triggers. 7d counts today and the 6 days before.',
    query: v1AnalyticsQuerySchema,
    status: 200,
    response: v1AnalyticsSchema,
    errors: [],
    fields: {
      dateRange: 'The period, ending now.',
    },
    example: { query: { dateRange: '7d' }, response: exampleAnalytics },
  },
  {
    operationId: 'registerWebhook',
    method: 'post',
    path: '/webhooks/register',
    tag: 'Webhooks',
    summary: 'Register an endpoint of yours for events.',
    description:
      'The URL must resolve to a public address. The answer carries the signing secret (generated when none is sent): store it, it is not shown again. At most 10 webhooks (409 WEBHOOK_LIMIT).',
    body: registerWebhookSchema,
    bodyRules: [{ properties: { url: { pattern: '^\\s*https?://[^\\s/?#]+' } } }],
    status: 201,
    response: registeredWebhookSchema,
    errors: [403, 409],
    fields: {
      url: 'Your endpoint; it must resolve to a public address.',
      events: 'At least one event.',
      secret: 'Your own signing secret; one is generated when left out.',
    },
    example: { body: exampleRegisterWebhook, response: exampleRegisteredWebhook },
  },
  {
    operationId: 'listWebhooks',
    method: 'get',
    path: '/webhooks',
    tag: 'Webhooks',
    summary: 'Your registered webhooks, without their secrets.',
    status: 200,
    response: z.array(webhookEndpointSchema),
    errors: [],
    example: { response: [exampleWebhookEndpoint] },
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    tag: 'Webhooks',
    summary: 'The 50 latest delivery attempts of one webhook, newest first.',
    params: webhookIdParamsSchema,
    status: 200,
    response: z.array(webhookDeliverySchema),
    errors: [404],
    fields: {
      id: 'The webhook’s id.',
    },
    example: { path: '/webhooks/7/deliveries', response: exampleDeliveries },
  },
  {
    operationId: 'deleteWebhook',
    method: 'delete',
    path: '/webhooks/{id}',
    tag: 'Webhooks',
    summary: 'Stop deliveries to a webhook and remove it.',
    params: webhookIdParamsSchema,
    status: 200,
    response: v1WebhookDeletedSchema,
    errors: [403, 404],
    fields: {
      id: 'The webhook’s id.',
    },
    example: { path: '/webhooks/7', response: { id: 7, deleted: true } },
  },
] as const satisfies readonly V1Operation[];

export type V1OperationId = (typeof V1_OPERATIONS)[number]['operationId'];

export function v1Operation<Id extends V1OperationId>(
  id: Id,
): Extract<(typeof V1_OPERATIONS)[number], { operationId: Id }> {
  const found = V1_OPERATIONS.find((operation) => operation.operationId === id);
  if (!found) throw new Error(`No /api/v1 operation ${id}`);
  return found as Extract<(typeof V1_OPERATIONS)[number], { operationId: Id }>;
}

/** /webhooks/{id} -> /webhooks/:id, the server's route syntax. */
export const toFastifyPath = (path: string) => path.replace(/\{([A-Za-z]+)\}/g, ':$1');
