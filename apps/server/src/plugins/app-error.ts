import { describeZodError, ERROR_MESSAGES, ERROR_STATUS, type ErrorCode } from '@tonemark/shared';
import type { ZodType, ZodTypeDef } from 'zod';

/**
 * A failure the client caused or may see: the message is safe to show to the user. The status
 * comes from the shared code table; `statusCode` overrides it only where one code covers two
 * causes (a payment provider that is down answers 502, one that refuses the request 400).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fields?: Record<string, string>,
    statusCode: number = ERROR_STATUS[code],
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message: string = ERROR_MESSAGES.FORBIDDEN) => new AppError('FORBIDDEN', message);
export const unauthorized = (message: string = ERROR_MESSAGES.UNAUTHORIZED) =>
  new AppError('UNAUTHORIZED', message);

/** Validates input with a shared contract; a failure is a 400 that names each bad field. */
export function parseInput<Out, In>(schema: ZodType<Out, ZodTypeDef, In>, input: unknown): Out {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, fields } = describeZodError(result.error);
  throw new AppError('VALIDATION', message, fields);
}
