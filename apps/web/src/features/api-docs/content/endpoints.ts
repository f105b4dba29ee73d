import {
  type Activation,
  API_LIST_DEFAULT_LIMIT,
  type CreateShapeBTriggerInput,
  type RegisteredWebhook,
  type RegisterWebhookInput,
  type ShapeBTrigger,
  V1_ACTIVATIONS_DEFAULT_LIMIT,
  V1_TRIGGERS_MAX_LIMIT,
  type V1Analytics,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
} from '@tonemark/shared';

// The examples are typed with the server's own contracts, so a changed field breaks the build
// rather than leaving the documentation wrong.

export type DocsTab = 'triggers' | 'activations' | 'analytics' | 'webhooks';

export interface ParamDoc {
  name: string;
  type: string;
  required?: boolean;
  description: string;
}

export interface EndpointDoc {
  tab: DocsTab;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  paramsIn: 'query' | 'body' | 'path';
  params: ParamDoc[];
  request: (baseUrl: string) => string;
  status: number;
  response: unknown;
}

const KEY = 'tm_live_3f9a1c2b_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';

const exampleTrigger: ShapeBTrigger = {
  id: 42,
  name: 'Podcast outro',
  type: 'audible',
  frequencyPattern: [1000, 1200, 1500, 1800],
  frequency: 1000,
  duration: 2000,
  active: true,
  createdAt: '2026-11-20T09:30:00.000Z',
  actionType: 'url',
  actionPayload: 'https://example.com/outro',
  publicId: 'tm_trg_6c1e0f8a4b9d4f0e9a7b2c3d4e5f6a7b',
};

const createBody: CreateShapeBTriggerInput = {
  name: 'Podcast outro',
  type: 'audible',
  frequencyPattern: [1000, 1200, 1500, 1800],
  duration: 2000,
  actionType: 'url',
  actionPayload: 'https://example.com/outro',
};

const exampleActivation: Activation = {
  id: 981,
  activationId: '0b6f3c52-1f1e-4d8f-9a3e-5b8c2d7e6f10',
  triggerId: 42,
  triggerName: 'Podcast outro',
  campaignId: null,
  deviceType: 'Web Listener',
  osVersion: 'Web',
  batteryImpact: 2,
  successful: true,
  activatedAt: '2026-11-21T18:04:11.512Z',
  score: 0.998,
  snrDb: 27.4,
  speed: 1.002,
  tempo: 1,
};

const exampleAnalytics: V1Analytics = {
  dateRange: '7d',
  from: '2026-11-15T00:00:00.000Z',
  to: '2026-11-21T18:10:00.000Z',
  totalTriggers: 3,
  activeTriggers: 2,
  totalActivations: 128,
  successRate: 98.4,
  averageBatteryImpact: 2,
  activationsByDay: { '2026-11-20': 51, '2026-11-21': 77 },
  deviceTypes: { 'Web Listener': 90, 'Native App': 38 },
  topTriggers: [{ triggerId: 42, name: 'Podcast outro', activations: 101 }],
};

const registerBody: RegisterWebhookInput = {
  url: 'https://example.com/hooks/tonemark',
  events: ['trigger.activated', 'trigger.created'],
};

const registered: RegisteredWebhook = {
  id: 7,
  url: 'https://example.com/hooks/tonemark',
  events: ['trigger.activated', 'trigger.created'],
  createdAt: '2026-11-21T18:12:00.000Z',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

const listedWebhook: WebhookEndpoint = {
  id: registered.id,
  url: registered.url,
  events: registered.events,
  createdAt: registered.createdAt,
};

const deliveries: WebhookDelivery[] = [
  {
    messageId: 'msg_5e0c3a9b2f7d4c1e8a6b0d9f2e4c7a13',
    event: 'trigger.activated',
    attempt: 2,
    succeeded: true,
    responseStatus: 204,
    error: null,
    durationMs: 84,
    attemptedAt: '2026-11-21T18:04:16.601Z',
  },
  {
    messageId: 'msg_5e0c3a9b2f7d4c1e8a6b0d9f2e4c7a13',
    event: 'trigger.activated',
    attempt: 1,
    succeeded: false,
    responseStatus: 503,
    error: 'Answered 503',
    durationMs: 120,
    attemptedAt: '2026-11-21T18:04:11.541Z',
  },
];

export const triggerCreatedPayload: WebhookPayload<ShapeBTrigger> = {
  type: 'trigger.created',
  timestamp: '2026-11-20T09:30:00.412Z',
  data: exampleTrigger,
};

export const triggerActivatedPayload: WebhookPayload = {
  type: 'trigger.activated',
  timestamp: '2026-11-21T18:04:11.530Z',
  data: {
    triggerId: 42,
    triggerName: 'Podcast outro',
    activationId: exampleActivation.activationId,
    deviceType: 'Web Listener',
    activatedAt: exampleActivation.activatedAt,
  },
};

const curl = (method: string, url: string, body?: unknown) =>
  [
    `curl${method === 'GET' ? '' : ` -X ${method}`} "${url}"`,
    `  -H "X-API-Key: ${KEY}"`,
    ...(body === undefined
      ? []
      : [
          '  -H "Content-Type: application/json"',
          `  -d '${JSON.stringify(body, null, 2).replaceAll('\n', '\n  ')}'`,
        ]),
  ].join(' \\\n');

export const ENDPOINTS: EndpointDoc[] = [
  {
    tab: 'triggers',
    method: 'GET',
    path: '/api/v1/triggers',
    summary: 'Your triggers, newest first.',
    paramsIn: 'query',
    params: [
      {
        name: 'type',
        type: 'ultrasonic | audible | combined | streaming',
        description: 'Only triggers of this signal type.',
      },
      {
        name: 'active',
        type: 'true | false',
        description: 'Only active (true) or only inactive (false) triggers.',
      },
      {
        name: 'limit',
        type: 'integer',
        description: `How many to return: ${API_LIST_DEFAULT_LIMIT} by default, 1 to ${V1_TRIGGERS_MAX_LIMIT}.`,
      },
    ],
    request: (base) =>
      curl('GET', `${base}/triggers?type=audible&active=true&limit=${API_LIST_DEFAULT_LIMIT}`),
    status: 200,
    response: { success: true, data: [exampleTrigger] },
  },
  {
    tab: 'triggers',
    method: 'POST',
    path: '/api/v1/triggers',
    summary:
      'Creates a trigger and renders its tone file. Active triggers count against your plan’s limit (403 PLAN_LIMIT when it is reached).',
    paramsIn: 'body',
    params: [
      {
        name: 'name',
        type: 'string (1–100)',
        required: true,
        description: 'Shown in the dashboard and to listeners.',
      },
      {
        name: 'type',
        type: 'ultrasonic | audible | combined | streaming',
        required: true,
        description: 'Where the tones sit.',
      },
      {
        name: 'frequencyPattern',
        type: 'number[4]',
        required: true,
        description: 'Four frequencies in Hz, each from 500 to 2000.',
      },
      {
        name: 'duration',
        type: 'integer (400–10000)',
        required: true,
        description: 'Length of the tone in ms.',
      },
      {
        name: 'actionType',
        type: 'url | deepLink | notification',
        required: true,
        description: 'What a listener’s device does on detection.',
      },
      {
        name: 'actionPayload',
        type: 'string (≤ 2000)',
        required: true,
        description:
          'An http(s) URL for url, an app link for deepLink, text or reward JSON for notification.',
      },
      { name: 'active', type: 'boolean', description: 'Defaults to true.' },
      { name: 'description', type: 'string (≤ 1000)', description: 'Optional notes.' },
    ],
    request: (base) => curl('POST', `${base}/triggers`, createBody),
    status: 201,
    response: { success: true, data: exampleTrigger },
  },
  {
    tab: 'activations',
    method: 'GET',
    path: '/api/v1/activations',
    summary: 'Detections of your triggers by listeners, newest first, with the total that match.',
    paramsIn: 'query',
    params: [
      { name: 'triggerId', type: 'integer', description: 'Only this trigger’s activations.' },
      {
        name: 'startDate',
        type: 'YYYY-MM-DD or ISO date-time',
        description: 'From this moment (a bare date means the start of that UTC day).',
      },
      {
        name: 'endDate',
        type: 'YYYY-MM-DD or ISO date-time',
        description: 'Until this moment (a bare date: its end).',
      },
      { name: 'deviceType', type: 'string', description: 'e.g. Web Listener, Native App, Mobile Simulator.' },
      {
        name: 'limit',
        type: 'integer',
        description: `Rows per page: ${V1_ACTIVATIONS_DEFAULT_LIMIT} by default, at most 1000.`,
      },
      { name: 'offset', type: 'integer', description: 'Rows to skip, for the next page.' },
    ],
    request: (base) =>
      curl('GET', `${base}/activations?triggerId=42&startDate=2026-11-01&deviceType=Web%20Listener`),
    status: 200,
    response: {
      success: true,
      data: { activations: [exampleActivation], total: 1, limit: V1_ACTIVATIONS_DEFAULT_LIMIT, offset: 0 },
    },
  },
  {
    tab: 'analytics',
    method: 'GET',
    path: '/api/v1/analytics',
    summary:
      'Figures for your triggers over a period: counts, success rate, average battery impact, activations per UTC day, device types and your top five triggers.',
    paramsIn: 'query',
    params: [
      {
        name: 'dateRange',
        type: '7d | 30d | 90d | all',
        description: 'The period, ending now (7d counts today and the 6 days before). Defaults to 30d.',
      },
    ],
    request: (base) => curl('GET', `${base}/analytics?dateRange=7d`),
    status: 200,
    response: { success: true, data: exampleAnalytics },
  },
  {
    tab: 'webhooks',
    method: 'POST',
    path: '/api/v1/webhooks/register',
    summary:
      'Registers an https endpoint of yours for events. The answer carries the signing secret: store it, it is not shown again.',
    paramsIn: 'body',
    params: [
      { name: 'url', type: 'http(s) URL', required: true, description: 'Must resolve to a public address.' },
      {
        name: 'events',
        type: '("trigger.created" | "trigger.activated")[]',
        required: true,
        description: 'At least one event.',
      },
      {
        name: 'secret',
        type: 'whsec_… (base64 of 24–64 bytes)',
        description: 'Your own signing secret; one is generated when left out.',
      },
    ],
    request: (base) => curl('POST', `${base}/webhooks/register`, registerBody),
    status: 201,
    response: { success: true, data: registered },
  },
  {
    tab: 'webhooks',
    method: 'GET',
    path: '/api/v1/webhooks',
    summary: 'Your registered webhooks (without their secrets).',
    paramsIn: 'query',
    params: [],
    request: (base) => curl('GET', `${base}/webhooks`),
    status: 200,
    response: { success: true, data: [listedWebhook] },
  },
  {
    tab: 'webhooks',
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries',
    summary:
      'The delivery log of one webhook: its 50 latest attempts, newest first, with the status your endpoint answered.',
    paramsIn: 'path',
    params: [],
    request: (base) => curl('GET', `${base}/webhooks/7/deliveries`),
    status: 200,
    response: { success: true, data: deliveries },
  },
  {
    tab: 'webhooks',
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}',
    summary: 'Stops deliveries to a webhook and removes it.',
    paramsIn: 'path',
    params: [],
    request: (base) => curl('DELETE', `${base}/webhooks/7`),
    status: 200,
    response: { success: true, data: { id: 7, deleted: true } },
  },
];

export const ERROR_EXAMPLE = {
  success: false,
  error: 'frequencyPattern: Required; actionPayload: Required',
  code: 'VALIDATION',
  fields: { frequencyPattern: 'Required', actionPayload: 'Required' },
};

export const ERROR_STATUSES: { status: number; code: string; meaning: string }[] = [
  {
    status: 400,
    code: 'VALIDATION',
    meaning: 'A field or query parameter is missing or wrong; error names each one.',
  },
  { status: 401, code: 'UNAUTHORIZED', meaning: 'No X-API-Key header, or the key is unknown or revoked.' },
  {
    status: 403,
    code: 'PLAN_LIMIT / FORBIDDEN',
    meaning: 'Your plan allows no more active triggers, or a viewer key tried to write.',
  },
  { status: 404, code: 'NOT_FOUND', meaning: 'No such route, or the item is not yours.' },
  { status: 409, code: 'WEBHOOK_LIMIT', meaning: 'You already have 10 webhooks.' },
  {
    status: 429,
    code: 'RATE_LIMITED',
    meaning: 'More than 100 requests in a minute with this key; wait Retry-After seconds.',
  },
];

export const SAMPLE_KEY = KEY;
