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

/** Fan-out across instances through PostgreSQL LISTEN/NOTIFY on one dedicated connection. */
export class PostgresBroadcaster implements Broadcaster {
  private readonly handlers = new Set<(envelope: Envelope) => void>();

  private constructor(
    private readonly listener: pg.Client,
    private readonly publisher: pg.Pool,
  ) {
    listener.on('notification', (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      const parsed = envelopeSchema.safeParse(safeJson(note.payload));
      if (!parsed.success) return;
      for (const handler of this.handlers) handler(parsed.data);
    });
  }

  static async connect(url: string): Promise<PostgresBroadcaster> {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    await listener.query(`listen ${CHANNEL}`);
    return new PostgresBroadcaster(listener, new pg.Pool({ connectionString: url, max: 2 }));
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
    this.handlers.clear();
    await this.listener.end();
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
