import { serverMessageSchema } from '@tonemark/shared';
import pg from 'pg';
import { z } from 'zod';
import type { Broadcaster, Envelope } from './broadcaster.ts';

const CHANNEL = 'tonemark_realtime';
// NOTIFY payloads are capped at 8000 bytes; our messages are a trigger summary at most.
const MAX_PAYLOAD = 7900;

const envelopeSchema = z.object({
  audience: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('users'), userIds: z.array(z.number().int()), includeAdmins: z.boolean() }),
  ]),
  message: serverMessageSchema,
});

/** Wait before re-opening a lost LISTEN connection; doubles up to the cap. */
const RECONNECT_MS = { first: 500, max: 10_000 };

/**
 * Fan-out across instances through PostgreSQL LISTEN/NOTIFY on one dedicated connection. When
 * that connection dies (server restart, failover) it is re-opened with backoff; messages
 * published while it was down are not replayed (real-time messages are live, not durable).
 */
export class PostgresBroadcaster implements Broadcaster {
  private readonly handlers = new Set<(envelope: Envelope) => void>();
  private listener: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;

  private constructor(
    private readonly url: string,
    private readonly publisher: pg.Pool,
    private readonly onConnectionError: (error: Error) => void,
  ) {}

  static async connect(
    url: string,
    onConnectionError: (error: Error) => void = () => {},
  ): Promise<PostgresBroadcaster> {
    const publisher = new pg.Pool({ connectionString: url, max: 2 });
    publisher.on('error', onConnectionError);
    const broadcaster = new PostgresBroadcaster(url, publisher, onConnectionError);
    await broadcaster.listen();
    return broadcaster;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      const parsed = envelopeSchema.safeParse(safeJson(note.payload));
      if (!parsed.success) return;
      for (const handler of this.handlers) handler(parsed.data);
    });
    client.on('error', (error) => {
      this.onConnectionError(error);
      this.relisten(client, RECONNECT_MS.first);
    });
    client.on('end', () => this.relisten(client, RECONNECT_MS.first));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
  }

  /** Replaces `lost` once, unless it was already replaced or the broadcaster is closing. */
  private relisten(lost: pg.Client, delayMs: number) {
    if (this.closed || this.listener !== lost) return;
    this.listener = undefined;
    void lost.end().catch(() => {});
    const attempt = (wait: number) => {
      this.retryTimer = setTimeout(() => {
        if (this.closed) return;
        this.listen().catch((error: unknown) => {
          this.onConnectionError(error instanceof Error ? error : new Error(String(error)));
          attempt(Math.min(wait * 2, RECONNECT_MS.max));
        });
      }, wait);
    };
    attempt(delayMs);
  }

  async publish(envelope: Envelope): Promise<void> {
    const payload = JSON.stringify(envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error('real-time message too large for NOTIFY');
    await this.publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]);
  }

  subscribe(handler: (envelope: Envelope) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.handlers.clear();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end();
    await this.publisher.end();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
