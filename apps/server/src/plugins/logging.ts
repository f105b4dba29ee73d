import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

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
 * One line per request, at debug, written when it completes: at info a busy server spends a real
 * share of its CPU writing Fastify's two lines for every request. Errors stay at error.
 */
export class RequestLogAtDebug extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}
