import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './errors.ts';

describe('describeZodError', () => {
  it('names every failing field once, first message wins', () => {
    const schema = z.object({ name: z.string().min(3), tags: z.array(z.number()) });
    const result = schema.safeParse({ name: 'ab', tags: ['x'] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeZodError(result.error)).toEqual({
      message: 'name: String must contain at least 3 character(s); tags.0: Expected number, received string',
      fields: {
        name: 'String must contain at least 3 character(s)',
        'tags.0': 'Expected number, received string',
      },
    });
  });

  it('reports a whole-body problem without a field name', () => {
    const result = z.object({ a: z.string() }).safeParse(undefined);
    if (result.success) throw new Error('expected failure');
    expect(describeZodError(result.error).message).toBe('Required');
  });
});
