import { TonemarkApiError, TonemarkNetworkError } from './errors.js';
import type * as Api from './generated/api-types.js';
import { type RateLimit, readRateLimit, readRetryAfter } from './rate-limit.js';
import type {
  ActivationsPage,
  Analytics,
  RegisteredWebhook,
  Trigger,
  WebhookDelivery,
  WebhookEndpoint,
} from './types.js';

export interface TonemarkClientOptions {
  /** tm_live_…: keep it on your server, a key acts as your account. */
  apiKey: string;
  /** Your Tonemark server's origin, e.g. https://tonemark.example.com. */
  baseUrl: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /** Called with the rate-limit headers of every answer that has them. */
  onRateLimit?: (rateLimit: RateLimit) => void;
}

type Query = Record<string, string | number | boolean | undefined>;

/** The REST API /api/v1: every method resolves to the answer's data or throws a TonemarkApiError. */
export class TonemarkClient {
  /** The rate-limit headers of the latest answer (null before the first). */
  lastRateLimit: RateLimit | null = null;
  private readonly base: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: TonemarkClientOptions) {
    if (!options.apiKey) throw new TypeError('apiKey is required');
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
    this.fetcher = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  readonly triggers = {
    list: (query: Api.ListTriggersQuery = {}) => this.request<Trigger[]>('GET', '/triggers', { query }),
    get: (id: number) => this.request<Trigger>('GET', `/triggers/${id}`),
    create: (body: Api.CreateTriggerBody) => this.request<Trigger>('POST', '/triggers', { body }),
    update: (id: number, body: Api.UpdateTriggerBody) =>
      this.request<Trigger>('PATCH', `/triggers/${id}`, { body }),
    /** What the dashboard's form checks while the sliders move: confusable triggers and warnings. */
    checkPattern: (body: Api.CheckTriggerPatternBody) =>
      this.request<Api.CheckTriggerPatternData>('POST', '/triggers/check-pattern', { body }),
  };

  readonly activations = {
    list: (query: Api.ListActivationsQuery = {}) =>
      this.request<ActivationsPage>('GET', '/activations', { query }),
  };

  readonly analytics = {
    get: (query: Api.GetAnalyticsQuery = {}) => this.request<Analytics>('GET', '/analytics', { query }),
  };

  readonly webhooks = {
    register: (body: Api.RegisterWebhookBody) =>
      this.request<RegisteredWebhook>('POST', '/webhooks/register', { body }),
    list: () => this.request<WebhookEndpoint[]>('GET', '/webhooks'),
    deliveries: (id: number) => this.request<WebhookDelivery[]>('GET', `/webhooks/${id}/deliveries`),
    delete: (id: number) => this.request<Api.DeleteWebhookData>('DELETE', `/webhooks/${id}`),
  };

  private async request<T>(
    method: string,
    path: string,
    init: { query?: Query; body?: unknown } = {},
  ): Promise<T> {
    const url = new URL(`${this.base}${path}`);
    for (const [name, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = { 'x-api-key': this.options.apiKey, accept: 'application/json' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
    } catch (error) {
      throw new TonemarkNetworkError(`${method} ${url.pathname} failed: ${String(error)}`, error);
    }
    const rateLimit = readRateLimit(response.headers);
    if (rateLimit) {
      this.lastRateLimit = rateLimit;
      this.options.onRateLimit?.(rateLimit);
    }
    const body = (await response.json().catch(() => null)) as
      | { success: true; data: T }
      | Api.ApiErrorBody
      | null;
    if (response.ok && body?.success === true) return body.data;
    const error = body && body.success === false ? body : null;
    throw new TonemarkApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.error ?? `${method} ${url.pathname} answered ${response.status}`,
      error?.fields,
      rateLimit,
      readRetryAfter(response.headers),
    );
  }
}
