import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client.ts';
import {
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookOutbox,
} from '../../db/schema.ts';
import { type ResolvedTarget, resolveWebhookTarget, WebhookTargetError } from './webhook-target.ts';

export interface WebhookDispatcherOptions {
  /** ALLOW_PRIVATE_MEDIA_URLS: let deliveries reach private and loopback addresses. */
  allowPrivate: boolean;
  /** Wait before each retry; attempts = 1 + its length. */
  retryDelaysMs: readonly number[];
  /** Per attempt, connection to last byte. */
  timeoutMs: number;
  /**
   * This process is the database's only client (the embedded default): a claim still held at
   * start-up was cut short by a crash and is retried at once instead of after its lease.
   */
  soleProcess: boolean;
  /** How often the outbox is looked at when nothing woke the dispatcher (other instances' events). */
  pollIntervalMs?: number;
}

/** 5 s, 30 s, 2 min, 10 min: five attempts over about 13 minutes. */
export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000] as const;

interface Message {
  id: string;
  event: string;
  body: string;
}

interface AttemptResult {
  succeeded: boolean;
  status: number | null;
  error: string | null;
  /** No later attempt can succeed (the URL is refused by policy). */
  final: boolean;
}

type OutboxRow = typeof webhookOutbox.$inferSelect;

const MAX_RESPONSE_BYTES = 64 * 1024;
const CLAIM_BATCH = 20;
// A claim outlives its attempt by this much before another process may take the row over.
const LEASE_MARGIN_MS = 30_000;
export const INTERRUPTED_ATTEMPT = 'Interrupted: the server stopped during this attempt';

/**
 * Sends what the outbox holds (Standard Webhooks signatures), at least once: a due row is
 * claimed for a lease (locked_until), sent, and then marked delivered or given its next attempt
 * time, with the attempt logged in webhook_deliveries. Nothing lives only in memory: a crash at
 * any moment leaves the row claimed, and it is sent again (same webhook-id, same body) after a
 * restart or once the lease passes. Rows are enqueued by the transactions that store the events
 * (features/webhook-outbox); `wake()` after such a commit sends at once, polling covers the rest.
 */
export class WebhookDispatcher {
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private again = false;
  private closed = true;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookDispatcherOptions,
  ) {}

  /** Recovers claims a crash left behind (sole process only), then starts sending. */
  async start(): Promise<void> {
    this.closed = false;
    if (this.options.soleProcess) {
      const interrupted = await this.recoverInterrupted();
      if (interrupted > 0) this.log.info({ interrupted }, 'webhook attempts cut short by a stop are retried');
    }
    this.wake();
  }

  /** Looks at the outbox now (call after committing a transaction that enqueued deliveries). */
  wake(): void {
    if (this.closed) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.polling = this.poll()
      .catch((error: unknown) => this.log.error({ err: error }, 'webhook outbox poll failed'))
      .finally(() => {
        this.polling = undefined;
        if (this.closed) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs ?? 1000);
        }
      });
  }

  /** Resolves once nothing is being sent and nothing is due (tests wait on it). */
  async idle(): Promise<void> {
    for (;;) {
      await this.polling;
      while (this.running.size > 0) await Promise.allSettled([...this.running]);
      if (this.polling) continue;
      if (this.closed || !(await this.hasDueRows())) return;
      this.wake();
    }
  }

  /** Stops claiming and waits for attempts in flight, so the database can close after it. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.polling;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async hasDueRows(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: webhookOutbox.id })
      .from(webhookOutbox)
      .where(this.due())
      .limit(1);
    return row !== undefined;
  }

  private due() {
    return and(
      lte(webhookOutbox.nextAttemptAt, sql`now()`),
      or(isNull(webhookOutbox.lockedUntil), lt(webhookOutbox.lockedUntil, sql`now()`)),
    );
  }

  /** Claims due rows (skipping rows another instance holds) and sends each in the background. */
  private async poll(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const leaseMs = this.options.timeoutMs + LEASE_MARGIN_MS;
      const due = this.db
        .select({ id: webhookOutbox.id })
        .from(webhookOutbox)
        .where(this.due())
        .orderBy(webhookOutbox.nextAttemptAt)
        .limit(CLAIM_BATCH)
        .for('update', { skipLocked: true });
      const claimed = await this.db
        .update(webhookOutbox)
        .set({
          lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
          attempts: sql`${webhookOutbox.attempts} + 1`,
        })
        .where(inArray(webhookOutbox.id, due))
        .returning();
      if (claimed.length === 0) return;
      const endpoints = await this.db
        .select()
        .from(webhookEndpoints)
        .where(
          inArray(
            webhookEndpoints.id,
            claimed.map((row) => row.endpointId),
          ),
        );
      for (const row of claimed) {
        const endpoint = endpoints.find((e) => e.id === row.endpointId);
        // Deleted meanwhile: its outbox rows went with it.
        if (endpoint) this.track(this.attempt(endpoint, row));
      }
      if (claimed.length < CLAIM_BATCH) return;
    }
  }

  private track(work: Promise<void>) {
    const tracked = work.catch((error: unknown) => this.log.error({ err: error }, 'webhook delivery failed'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }

  /** One send of a claimed row; the log line and the row's next state commit together. */
  private async attempt(endpoint: WebhookEndpointRow, row: OutboxRow): Promise<void> {
    const started = Date.now();
    const result = await this.send(endpoint, { id: row.messageId, event: row.event, body: row.body });
    const delay = this.options.retryDelaysMs[row.attempts - 1];
    const retry = !result.succeeded && !result.final && delay !== undefined;
    await this.db.transaction(async (tx) => {
      await tx.insert(webhookDeliveries).values({
        endpointId: endpoint.id,
        messageId: row.messageId,
        event: row.event,
        attempt: row.attempts,
        succeeded: result.succeeded,
        responseStatus: result.status,
        error: result.error,
        durationMs: Date.now() - started,
      });
      await tx
        .update(webhookOutbox)
        .set({
          lockedUntil: null,
          deliveredAt: result.succeeded ? sql`now()` : null,
          nextAttemptAt: retry ? sql`now() + ${delay} * interval '1 millisecond'` : null,
        })
        // Only while the claim is still ours: a lease that ran out may have passed the row on.
        .where(and(eq(webhookOutbox.id, row.id), eq(webhookOutbox.attempts, row.attempts)));
    });
    if (retry && delay < (this.options.pollIntervalMs ?? 1000)) {
      setTimeout(() => this.wake(), delay).unref();
    }
  }

  /**
   * With one process on the database, a claim held at start-up belongs to a process that died
   * mid-attempt: log that attempt as interrupted and make the row due now.
   */
  private async recoverInterrupted(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(webhookOutbox)
        .set({ lockedUntil: null, nextAttemptAt: sql`now()` })
        .where(and(isNotNull(webhookOutbox.lockedUntil), isNotNull(webhookOutbox.nextAttemptAt)))
        .returning();
      if (rows.length > 0) {
        await tx.insert(webhookDeliveries).values(
          rows.map((row) => ({
            endpointId: row.endpointId,
            messageId: row.messageId,
            event: row.event,
            attempt: row.attempts,
            succeeded: false,
            error: INTERRUPTED_ATTEMPT,
            durationMs: 0,
          })),
        );
      }
      return rows.length;
    });
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
