import { describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/app-error.ts';
import { withCleanup } from './cleanup-scope.ts';

describe('withCleanup', () => {
  function recordingWork(log: string[], outcome: 'ok' | 'refused' | 'failed') {
    return withCleanup(async (scope) => {
      scope.always(async () => log.push('temp file'));
      scope.ifRefused(async () => log.push('row'));
      scope.always(async () => {
        throw new Error('a step that fails');
      });
      scope.always(async () => log.push('local copy'));
      if (outcome === 'refused') throw new AppError('VALIDATION', 'bad input');
      if (outcome === 'failed') throw new Error('disk full');
      return 'done';
    });
  }

  it('runs only the always steps after success, newest first', async () => {
    const log: string[] = [];
    await expect(recordingWork(log, 'ok')).resolves.toBe('done');
    expect(log).toEqual(['local copy', 'temp file']);
  });

  it('also undoes what a refused (4xx) request made, and rethrows its error', async () => {
    const log: string[] = [];
    await expect(recordingWork(log, 'refused')).rejects.toThrow('bad input');
    expect(log).toEqual(['local copy', 'row', 'temp file']);
  });

  it('keeps the rows of a request that failed on the server side (5xx)', async () => {
    const log: string[] = [];
    await expect(recordingWork(log, 'failed')).rejects.toThrow('disk full');
    expect(log).toEqual(['local copy', 'temp file']);
  });
});
