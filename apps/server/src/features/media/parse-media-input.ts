import { describeZodError, MEDIA_MESSAGES } from '@tonemark/shared';
import type { ZodType, ZodTypeDef } from 'zod';
import { AppError } from '../../plugins/app-error.ts';

const SCREEN_TEXTS = new Set<string>(Object.values(MEDIA_MESSAGES));

/**
 * Like parseInput, but the SPEC §5 sentences ('Please provide a media URL', ...) are the whole
 * error text, as the screens show the server's text as is; other problems name their field.
 */
export function parseMediaInput<Out, In>(schema: ZodType<Out, ZodTypeDef, In>, input: unknown): Out {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { fields } = describeZodError(result.error);
  const parts: string[] = [];
  for (const [field, text] of Object.entries(fields)) {
    const part = SCREEN_TEXTS.has(text) ? text : field === '(body)' ? text : `${field}: ${text}`;
    if (!parts.includes(part)) parts.push(part);
  }
  throw new AppError('VALIDATION', parts.join('; '), fields);
}
