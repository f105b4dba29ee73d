import fastifyWebsocket from '@fastify/websocket';
import { clientMessageSchema, type DetectTriggerMessage, type ServerMessage } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { recordActivation } from '../activations/record-activation.ts';
import type { Broadcaster, Envelope } from './broadcaster.ts';
import { WindowRateLimiter } from './rate-limiter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: { publish(envelope: Envelope): Promise<void>; connectionCount(): number };
  }
}

interface Connection {
  socket: WebSocket;
  userId: number | null;
  isAdmin: boolean;
  clientKey: string;
  lastDetection: Map<number, number>;
}

const MAX_MESSAGE_BYTES = 16 * 1024;
// A listener's detector already waits 2 s between callbacks for one trigger; the server holds the
// same line so a replaying client cannot inflate counts.
const SAME_TRIGGER_GAP_MS = 2000;

export interface RealtimeOptions {
  broadcaster: Broadcaster;
  anonymousDetectionsPerMinute: number;
  signedInDetectionsPerMinute: number;
}

function send(socket: WebSocket, message: ServerMessage) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function wants(connection: Connection, envelope: Envelope): boolean {
  const { audience } = envelope;
  if (audience.kind === 'all') return true;
  if (audience.includeAdmins && connection.isAdmin) return true;
  return connection.userId !== null && audience.userIds.includes(connection.userId);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** SPEC §7 channel at /ws: every inbound message parsed by the shared contract; bad ones are logged and dropped. */
export const realtimePlugin = fp(
  async (app: FastifyInstance, opts: RealtimeOptions) => {
    await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
    const connections = new Set<Connection>();
    const anonymous = new WindowRateLimiter(opts.anonymousDetectionsPerMinute, 60_000);
    const signedIn = new WindowRateLimiter(opts.signedInDetectionsPerMinute, 60_000);

    const unsubscribe = opts.broadcaster.subscribe((envelope) => {
      for (const connection of connections)
        if (wants(connection, envelope)) send(connection.socket, envelope.message);
    });
    app.decorate('realtime', {
      publish: (envelope: Envelope) => opts.broadcaster.publish(envelope),
      connectionCount: () => connections.size,
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      await opts.broadcaster.close();
    });

    async function handleDetection(connection: Connection, message: DetectTriggerMessage) {
      const now = Date.now();
      const last = connection.lastDetection.get(message.triggerId);
      if (last !== undefined && now - last < SAME_TRIGGER_GAP_MS) return;
      const bucket = connection.userId === null ? anonymous : signedIn;
      if (!bucket.take(connection.clientKey)) {
        send(connection.socket, { type: 'ERROR', error: 'Too many detections from this client; slow down.' });
        return;
      }
      connection.lastDetection.set(message.triggerId, now);
      const recorded = await recordActivation(app.db, message, connection.clientKey);
      if (!recorded) {
        send(connection.socket, { type: 'ERROR', error: `Trigger ${message.triggerId} is not active` });
        return;
      }
      await opts.broadcaster.publish({
        audience: {
          kind: 'users',
          userIds: recorded.creatorId === null ? [] : [recorded.creatorId],
          includeAdmins: true,
        },
        message: {
          type: 'ACTIVATION_RECORDED',
          triggerId: recorded.triggerId,
          activationId: recorded.activationId,
          deviceType: recorded.deviceType,
          activatedAt: recorded.activatedAt.toISOString(),
        },
      });
    }

    app.get('/ws', { websocket: true }, (socket, request) => {
      const connection: Connection = {
        socket,
        userId: request.user?.id ?? null,
        isAdmin: request.user?.role === 'admin',
        clientKey: request.user ? `user:${request.user.id}` : `ip:${request.ip}`,
        lastDetection: new Map(),
      };
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
      socket.on('error', (error) => request.log.warn({ err: error }, 'websocket error'));
      socket.on('message', (data, isBinary) => {
        const parsed = isBinary ? undefined : clientMessageSchema.safeParse(parseJson(data.toString()));
        if (!parsed?.success) {
          request.log.warn(
            { issues: parsed?.error.issues.length ?? 'binary' },
            'malformed real-time message ignored',
          );
          send(socket, { type: 'ERROR', error: 'Malformed message ignored' });
          return;
        }
        const message = parsed.data;
        if (message.type === 'PING') {
          send(socket, { type: 'PONG' });
          return;
        }
        handleDetection(connection, message).catch((error: unknown) => {
          request.log.error({ err: error }, 'recording a detection failed');
          send(socket, { type: 'ERROR', error: 'Could not record the detection' });
        });
      });
    });
  },
  { name: 'realtime', dependencies: ['database', 'auth'] },
);
