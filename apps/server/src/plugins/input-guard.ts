import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.ts';

const NUL = '\u0000';

/**
 * The path of the first text (or key) holding a NUL character, or undefined. PostgreSQL text
 * cannot store NUL, and no field of this API has a use for it, so it is refused rather than
 * stripped: a silently changed value is worse than a clear 400.
 */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    if (key.includes(NUL)) return here;
    const found = findNul(inner, here);
    if (found) return found;
  }
  return undefined;
}

export function nulRefused(field: string): AppError {
  const message = 'Must not contain NUL characters';
  return new AppError('VALIDATION', `${field}: ${message}`, { [field]: message });
}

/** Refuses NUL characters in any path parameter, query value or JSON body field, naming the field. */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const source of [request.params, request.query, request.body]) {
        const found = findNul(source);
        if (found) throw nulRefused(found.length > 0 ? found.join('.') : 'body');
      }
    });
  },
  { name: 'input-guard' },
);
