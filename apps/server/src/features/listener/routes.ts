import type { FastifyInstance } from 'fastify';
import { activeListenerTriggers } from './active-triggers.ts';

/** Public (no sign-in): the listener page and native wrappers read what they must listen for. */
export async function listenerRoutes(app: FastifyInstance) {
  app.get(
    '/triggers',
    { config: { rateLimit: { max: 120, timeWindow: 60_000 } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return activeListenerTriggers(app.db);
    },
  );
}
