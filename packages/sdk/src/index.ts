/**
 * @tonemark/sdk: the Tonemark REST API client, webhook verification and a microphone listener.
 */
export { TonemarkClient, type TonemarkClientOptions } from './client.js';
export { TonemarkApiError, TonemarkNetworkError, WebhookVerificationError } from './errors.js';
export { createListener, type Listener, type ListenerOptions } from './listener/create-listener.js';
export type * from './listener/types.js';
export type { RateLimit } from './rate-limit.js';
export type * from './types.js';
export { SDK_VERSION } from './version.js';
export { type VerifyWebhookOptions, verifyWebhook } from './webhooks.js';
