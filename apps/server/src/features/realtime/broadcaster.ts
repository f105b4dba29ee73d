import type { ServerMessage } from '@tonemark/shared';

/** Who should receive a message: specific users (plus every admin), or everyone connected. */
export type Audience = { kind: 'all' } | { kind: 'users'; userIds: number[]; includeAdmins: boolean };

export interface Envelope {
  audience: Audience;
  message: ServerMessage;
}

/**
 * Fan-out between server instances (DESIGN §2). The default lives in-process; a multi-instance
 * deployment puts PostgreSQL LISTEN/NOTIFY (or Redis) behind the same interface.
 */
export interface Broadcaster {
  publish(envelope: Envelope): Promise<void>;
  subscribe(handler: (envelope: Envelope) => void): () => void;
  close(): Promise<void>;
}

export class InProcessBroadcaster implements Broadcaster {
  private readonly handlers = new Set<(envelope: Envelope) => void>();

  async publish(envelope: Envelope): Promise<void> {
    for (const handler of this.handlers) handler(envelope);
  }

  subscribe(handler: (envelope: Envelope) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
