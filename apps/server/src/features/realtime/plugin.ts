import { randomUUID } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import { clientMessageSchema, type DetectTriggerMessage, type ServerMessage } from '@tonemark/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { Broadcaster, Envelope } from './broadcaster.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: {
      publish(envelope: Envelope): Promise<void>;
      /** Every envelope any instance publishes (the catalogue listens for CATALOGUE_CHANGED). */
      subscribe(handler: (envelope: Envelope) => void): () => void;
      connectionCount(): number;
    };
  }
}

interface Connection {
  socket: WebSocket;
  userId: number | null;
  isAdmin: boolean;
  /** A socket without a device id of its own counts as one device. */
  socketDeviceId: string;
  ip: string;
}

const MAX_MESSAGE_BYTES = 16 * 1024;

export interface RealtimeOptions {
  broadcaster: Broadcaster;
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

    const unsubscribe = opts.broadcaster.subscribe((envelope) => {
      for (const connection of connections)
        if (wants(connection, envelope)) send(connection.socket, envelope.message);
    });
    app.decorate('realtime', {
      publish: (envelope: Envelope) => opts.broadcaster.publish(envelope),
      subscribe: (handler: (envelope: Envelope) => void) => opts.broadcaster.subscribe(handler),
      connectionCount: () => connections.size,
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      await opts.broadcaster.close();
    });

    /** Same resolution as POST /api/listener/detections; the answer goes back on this socket only. */
    async function handleDetection(connection: Connection, message: DetectTriggerMessage) {
      const deviceId = message.deviceId ?? connection.socketDeviceId;
      const result = await app.listener.resolver.resolve({
        activationId: message.activationId,
        trigger:
          message.publicTriggerId !== undefined
            ? { listenerId: message.publicTriggerId }
            : { id: message.triggerId as number },
        detectedAt: message.detectedAt ? new Date(message.detectedAt) : undefined,
        deviceKey:
          connection.userId === null ? `device:${deviceId}` : `user:${connection.userId}:${deviceId}`,
        ip: connection.ip,
        deviceType: message.deviceType,
        osVersion: message.osVersion,
        batteryImpact: message.batteryImpact,
        score: message.score,
        snrDb: message.snrDb,
        speed: message.speed,
        tempo: message.tempo,
        language: message.language,
        utcOffsetMinutes: message.utcOffsetMinutes,
        perMinute: connection.userId === null ? undefined : opts.signedInDetectionsPerMinute,
      });
      send(connection.socket, { type: 'DETECTION_RESULT', result });
    }

    app.get('/ws', { websocket: true }, (socket, request) => {
      const connection: Connection = {
        socket,
        userId: request.user?.id ?? null,
        isAdmin: request.user?.role === 'admin',
        socketDeviceId: `ws-${randomUUID()}`,
        ip: request.ip,
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
          request.log.error({ err: error }, 'resolving a detection failed');
          send(socket, { type: 'ERROR', error: 'Could not resolve the detection' });
        });
      });
    });
  },
  { name: 'realtime', dependencies: ['database', 'auth', 'listener'] },
);
