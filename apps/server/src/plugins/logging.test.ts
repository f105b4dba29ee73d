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

describe('RequestLogAtDebug', () => {
  it('writes one debug line per request and nothing at info', async () => {
    const lines: { level: number; msg: string; statusCode?: number }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const { default: Fastify } = await import('fastify');
    const { RequestLogAtDebug } = await import('./logging.ts');
    for (const level of ['info', 'debug']) {
      lines.length = 0;
      const app = Fastify({ logger: { level, stream }, logController: new RequestLogAtDebug() });
      app.get('/', async () => 'ok');
      await app.inject({ method: 'GET', url: '/' });
      await app.close();
      const requestLines = lines.filter((l) => l.msg === 'request' || /request/.test(l.msg));
      expect(requestLines).toHaveLength(level === 'debug' ? 1 : 0);
      if (level === 'debug') expect(requestLines[0]).toMatchObject({ level: 20, statusCode: 200 });
    }
  });
});
