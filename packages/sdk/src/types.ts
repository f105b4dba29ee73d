import type * as Api from './generated/api-types.js';

// Friendly names for the generated contract types.

export type * from './generated/api-types.js';
/** A trigger in the public shape (shape B). */
export type Trigger = Api.GetTriggerData;
export type Activation = Api.ListActivationsData['activations'][number];
export type ActivationsPage = Api.ListActivationsData;
export type Analytics = Api.GetAnalyticsData;
export type WebhookEndpoint = Api.ListWebhooksData[number];
export type RegisteredWebhook = Api.RegisterWebhookData;
export type WebhookDelivery = Api.ListWebhookDeliveriesData[number];
export type WebhookEventType = RegisterWebhookEvents[number];
type RegisterWebhookEvents = Api.RegisterWebhookBody['events'];

/** The JSON body of a webhook delivery. */
export type WebhookEvent =
  | { type: 'trigger.created'; timestamp: string; data: Api.Trigger }
  | { type: 'trigger.activated'; timestamp: string; data: Api.TriggerActivatedData };
