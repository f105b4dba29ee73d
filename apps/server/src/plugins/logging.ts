import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Pretty, coloured lines in a terminal; one JSON object a line when the output is a file or a
 * pipe, or in production, where a log collector reads it.
 */
export function loggerOptions(
  level: string,
  nodeEnv: string,
  isTty = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  if (nodeEnv === 'production' || !isTty) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}

/**
 * One line per request, at debug: at info a busy server spends a real share of its CPU writing
 * two lines for every request (Fastify's own request logging is turned off in buildApp).
 */
export const requestLogPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (request, reply) => {
      if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  },
  { name: 'request-log' },
);
