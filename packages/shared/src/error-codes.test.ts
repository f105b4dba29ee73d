import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  ERROR_CODES,
  ERROR_MESSAGES,
  ERROR_STATUS,
  isErrorCode,
  knownErrorCode,
  readApiErrorBody,
} from './error-codes.ts';

describe('error codes', () => {
  it('give every code an error status and a message to show', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code], code).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code], code).toBeLessThan(600);
      expect(ERROR_MESSAGES[code].length, code).toBeGreaterThan(0);
    }
    expect(ERROR_STATUS.VALIDATION).toBe(400);
    expect(ERROR_STATUS.NOT_FOUND).toBe(404);
    expect(ERROR_STATUS.PATTERN_TAKEN).toBe(409);
    expect(ERROR_STATUS.INTERNAL).toBe(500);
  });

  it('know our codes and Fastify client codes, nothing else', () => {
    expect(isErrorCode('VALIDATION')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(knownErrorCode('FST_ERR_CTP_INVALID_JSON_BODY')).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(knownErrorCode('SOMETHING_NEW')).toBeUndefined();
    expect(knownErrorCode(42)).toBeUndefined();
  });
});

describe('reading an error body', () => {
  const bodies: unknown[] = [
    { error: 'name: Required', code: 'VALIDATION', fields: { name: 'Required' } },
    { error: 'Trigger not found', code: 'NOT_FOUND' },
    { error: 'Body is not JSON', code: 'FST_ERR_CTP_INVALID_JSON_BODY' },
    { error: 'From a newer server', code: 'SOMETHING_NEW' },
    { error: 'No code' },
    { error: 'Odd parts', code: 7, fields: { a: 'x', b: 3 } },
    { error: 'Fields not an object', code: 'VALIDATION', fields: ['x'] },
    { error: '', code: 'VALIDATION' },
    { message: 'not ours' },
    ['error'],
    null,
    'text',
  ];

  it('the zod-free reader answers exactly as the shared schema', () => {
    for (const body of bodies) {
      const parsed = apiErrorBodySchema.safeParse(body);
      expect(readApiErrorBody(body), JSON.stringify(body)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('types a known code and drops unknown ones and non-string fields', () => {
    expect(readApiErrorBody(bodies[0])).toEqual({
      error: 'name: Required',
      code: 'VALIDATION',
      fields: { name: 'Required' },
    });
    expect(readApiErrorBody(bodies[3])?.code).toBeUndefined();
    expect(readApiErrorBody(bodies[5])).toEqual({ error: 'Odd parts', code: undefined, fields: { a: 'x' } });
    expect(readApiErrorBody(bodies[7])).toBeUndefined();
  });
});
