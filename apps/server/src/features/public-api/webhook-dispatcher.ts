import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookEvent, WebhookPayload } from '@tonemark/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import { type WebhookEndpointRow, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { endpointsFor } from './webhook-endpoints.ts';
import { type ResolvedTarget, resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

export interface WebhookDispatcherOptions {
  /** ALLOW_PRIVATE_MEDIA_URLS: let deliveries reach private and loopback addresses. */
  allowPrivate: boolean;
  /** Wait before each retry; attempts = 1 + its length. */
  retryDelaysMs: readonly number[];
  /** Per attempt, connection to last byte. */
  timeoutMs: number;
}

/** 5 s, 30 s, 2 min, 10 min: five attempts over about 13 minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000] as const;

interface Message {
  id: string;
  event: WebhookEvent;
  body: string;
}

interface AttemptResult {
  succeeded: boolean;
  status: number | null;
  error: string | null;
  /** No later attempt can succeed (the URL is refused by policy). */
  final: boolean;
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Signs and delivers webhook messages in the background (Standard Webhooks), retrying failures
 * with growing delays and logging every attempt in webhook_deliveries. `emit` never waits for a
 * delivery, so the request that caused the event answers at once.
 *
 * A pending retry lives in the database (the failed attempt's row keeps the body and
 * next_attempt_at), so a restart resumes it: `resume()` re-arms every due or future retry, and
 * whichever process claims the row first sends it (receivers still dedupe on webhook-id).
 */
export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookDispatcherOptions,
  ) {}

  /** Queues `event` for every endpoint of `userId` that subscribed to it. */
  emit<T>(userId: number | null, event: WebhookEvent, data: T): void {
    if (userId === null || this.closed) return;
    this.track(this.fanOut(userId, event, data));
  }

  /** Resolves once nothing is being delivered (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops retries and waits for attempts in flight, so the database can close after it. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }

  private track(work: Promise<void>) {
    const tracked = work.catch((error: unknown) => this.log.error({ err: error }, 'webhook delivery failed'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  private async fanOut<T>(userId: number, event: WebhookEvent, data: T) {
    const endpoints = await endpointsFor(this.db, userId, event);
    const payload: WebhookPayload<T> = { type: event, timestamp: new Date().toISOString(), data };
    const body = JSON.stringify(payload);
    await Promise.all(
      endpoints.map((endpoint) =>
        this.attempt(endpoint, { id: `msg_${randomUUID().replaceAll('-', '')}`, event, body }, 1),
      ),
    );
  }

  /** Re-arms the retries a previous process left pending (call once at start-up). */
  async resume(): Promise<number> {
    const pending = await this.db
      .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
      .from(webhookDeliveries)
      .where(isNotNull(webhookDeliveries.nextAttemptAt));
    for (const row of pending) {
      this.schedule(row.id, Math.max(0, (row.nextAttemptAt?.getTime() ?? 0) - Date.now()));
    }
    return pending.length;
  }

  private async attempt(endpoint: WebhookEndpointRow, message: Message, attempt: number): Promise<void> {
    const started = Date.now();
    const result = await this.send(endpoint, message);
    const delay = this.options.retryDelaysMs[attempt - 1];
    const retry = !result.succeeded && !result.final && delay !== undefined;
    const [row] = await this.db
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: message.id,
        event: message.event,
        attempt,
        succeeded: result.succeeded,
        responseStatus: result.status,
        error: result.error,
        durationMs: Date.now() - started,
        body: message.body,
        nextAttemptAt: retry ? new Date(Date.now() + delay) : null,
      })
      .returning({ id: webhookDeliveries.id });
    if (retry && row && !this.closed) this.schedule(row.id, delay);
  }

  private schedule(deliveryId: number, delayMs: number) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) this.track(this.retry(deliveryId));
    }, delayMs);
    this.timers.add(timer);
  }

  /** Claims the pending retry recorded on `deliveryId` and sends it, unless another process did. */
  private async retry(deliveryId: number): Promise<void> {
    const [claimed] = await this.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), isNotNull(webhookDeliveries.nextAttemptAt)))
      .returning();
    if (!claimed) return;
    const [endpoint] = await this.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, claimed.endpointId));
    // The endpoint was deleted (its rows go with it) or the row predates stored bodies.
    if (!endpoint || claimed.body === null) return;
    const message = { id: claimed.messageId, event: claimed.event as WebhookEvent, body: claimed.body };
    await this.attempt(endpoint, message, claimed.attempt + 1);
  }

  private async send(endpoint: WebhookEndpointRow, message: Message): Promise<AttemptResult> {
    let url: URL;
    let target: ResolvedTarget;
    try {
      url = new URL(endpoint.url);
      target = await resolveWebhookTarget(url, this.options.allowPrivate);
    } catch (error) {
      const final = !(error instanceof WebhookTargetError && error.retryable);
      return { succeeded: false, status: null, error: errorText(error), final };
    }
    const timestamp = new Date();
    const signature = new Webhook(endpoint.secret).sign(message.id, timestamp, message.body);
    try {
      const status = await post(url, target, message.body, this.options.timeoutMs, {
        'content-type': 'application/json',
        'user-agent': 'Tonemark-Webhooks/1.0',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      });
      const succeeded = status >= 200 && status < 300;
      return { succeeded, status, error: succeeded ? null : `Answered ${status}`, final: false };
    } catch (error) {
      return { succeeded: false, status: null, error: errorText(error), final: false };
    }
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
    return `${error.message}${code}`.slice(0, 500);
  }
  return 'Delivery failed';
}

/** One POST to the checked address; redirects are not followed (a 3xx is a failed attempt). */
function post(
  url: URL,
  target: ResolvedTarget,
  body: string,
  timeoutMs: number,
  headers: Record<string, string>,
): Promise<number> {
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        let seen = 0;
        response.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > MAX_RESPONSE_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}
