import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('loggerOptions', () => {
  it('prints pretty lines in a terminal, JSON in production or when piped', () => {
    expect(loggerOptions('info', 'development', true)).toMatchObject({
      level: 'info',
      transport: { target: 'pino-pretty' },
    });
    expect(loggerOptions('info', 'production', true)).toEqual({ level: 'info' });
    expect(loggerOptions('debug', 'development', false)).toEqual({ level: 'debug' });
  });
});
