import { describeZodError } from '@tonemark/shared';
import type { ZodType, ZodTypeDef } from 'zod';

/** A failure the client caused or may see: the message is safe to show to the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Sign in required') => new AppError(401, 'UNAUTHORIZED', message);

/** Validates input with a shared contract; a failure is a 400 that names each bad field. */
export function parseInput<Out, In>(schema: ZodType<Out, ZodTypeDef, In>, input: unknown): Out {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, fields } = describeZodError(result.error);
  throw new AppError(400, 'VALIDATION', message, fields);
}
