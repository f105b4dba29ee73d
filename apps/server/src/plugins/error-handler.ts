import { type ApiErrorBody, ERROR_MESSAGES, isErrorCode, isFrameworkErrorCode } from '@tonemark/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

/** The status and body any error answers with: 4xx say what is wrong, 5xx say nothing more. */
export function errorResponse(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    const fields = error.fields ? { fields: error.fields } : {};
    return { status: error.statusCode, body: { error: error.message, code: error.code, ...fields } };
  }
  if (isFastifyClientError(error)) {
    return {
      status: error.statusCode,
      body: { error: clientMessage(error), code: clientCode(error.code) },
    };
  }
  return { status: 500, body: { error: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' } };
}

/** Fastify's FST_* codes and our own pass through; anything else (or none) is BAD_REQUEST. */
function clientCode(code: string | undefined): ApiErrorBody['code'] {
  return isErrorCode(code) || isFrameworkErrorCode(code) ? code : 'BAD_REQUEST';
}

/** One error handler: 4xx carry a clear message, 5xx never leak internals (they are logged). */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = errorResponse(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, code: body.code }, body.error);
      if (status === 429 && reply.getHeader('retry-after') === undefined) reply.header('retry-after', '60');
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((request, reply) => {
      const body: ApiErrorBody = {
        error: `Route ${request.method} ${request.url.split('?')[0]} not found`,
        code: 'NOT_FOUND',
      };
      reply.status(404).send(body);
    });
  },
  { name: 'error-handler' },
);

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    default:
      return error.message;
  }
}
