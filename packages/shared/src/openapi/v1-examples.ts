import type { Activation } from '../activations.ts';
import type { PatternCheckResult } from '../pattern-check.ts';
import type {
  RegisteredWebhook,
  RegisterWebhookInput,
  V1Analytics,
  WebhookDelivery,
  WebhookEndpoint,
} from '../public-api.ts';
import type { CheckShapeBPatternInput, CreateShapeBTriggerInput, ShapeBTrigger } from '../shape-b.ts';
import type { TriggerActivatedData, V1ActivationsPage } from './v1-contracts.ts';

// Examples for the OpenAPI document and /api-docs. Typed by the contracts, and a test checks each
// against the document's own schemas, so an example cannot show a shape the API does not have.

export const exampleTrigger: ShapeBTrigger = {
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
  publicTriggerId: 'tml_3f9a1c7e5b2d4a6f8e0c1b3d5f7a9e2c',
};

export const exampleCreateTrigger: CreateShapeBTriggerInput = {
  name: 'Podcast outro',
  type: 'audible',
  frequencyPattern: [1000, 1200, 1500, 1800],
  duration: 2000,
  actionType: 'url',
  actionPayload: 'https://example.com/outro',
};

export const exampleCheckPattern: CheckShapeBPatternInput = {
  frequencyPattern: [600, 1200, 1500, 1800],
  type: 'audible',
  duration: 2000,
};

// What the server answers for that body beside exampleTrigger: the sentences are the ones it sends
// (a server test compares them).
export const examplePatternCheck: PatternCheckResult = {
  confusableWith: [
    {
      yours: true,
      id: 42,
      name: 'Podcast outro',
      frequencyPattern: [1000, 1200, 1500, 1800],
      kind: 'one-slot',
      similarity: 0.75,
      reason:
        'Differs from trigger 42 (1000, 1200, 1500, 1800 Hz) only in slot 1 (600 Hz vs 1000 Hz): a single masked tone could make them confusable.',
    },
  ],
  warnings: [
    '600 Hz carries less well across a room: voices and music cover low tones first, so listeners far from the speaker may miss this trigger. Patterns from 700 Hz up carry further, but speech and music match them by chance more often.',
  ],
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
  // The default detector measures score and SNR; speed and tempo only the field detector.
  score: 0.97,
  snrDb: 41.5,
  speed: null,
  tempo: null,
};

export const exampleActivationsPage: V1ActivationsPage = {
  activations: [exampleActivation],
  total: 1,
  limit: 100,
  offset: 0,
};

export const exampleAnalytics: V1Analytics = {
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

export const exampleRegisterWebhook: RegisterWebhookInput = {
  url: 'https://example.com/hooks/tonemark',
  events: ['trigger.activated', 'trigger.created'],
};

export const exampleRegisteredWebhook: RegisteredWebhook = {
  id: 7,
  url: 'https://example.com/hooks/tonemark',
  events: ['trigger.activated', 'trigger.created'],
  createdAt: '2026-11-21T18:12:00.000Z',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

export const exampleWebhookEndpoint: WebhookEndpoint = {
  id: 7,
  url: 'https://example.com/hooks/tonemark',
  events: ['trigger.activated', 'trigger.created'],
  createdAt: '2026-11-21T18:12:00.000Z',
};

export const exampleDeliveries: WebhookDelivery[] = [
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

export const exampleTriggerActivated: TriggerActivatedData = {
  triggerId: 42,
  triggerName: 'Podcast outro',
  activationId: exampleActivation.activationId,
  deviceType: 'Web Listener',
  activatedAt: exampleActivation.activatedAt,
};

export const exampleValidationError = {
  success: false as const,
  error: 'frequencyPattern: Required; actionPayload: Required',
  code: 'VALIDATION',
  fields: { frequencyPattern: 'Required', actionPayload: 'Required' },
};
