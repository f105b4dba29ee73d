import { describe, expect, it } from 'vitest';
import { queryKeysUnder } from './query-keys-under';

describe('queryKeysUnder', () => {
  const keys = queryKeysUnder('teams', {
    list: ['list'],
    detail: (id: number) => ['detail', id],
    page: (query: string, teamId?: number) => ['page', query, teamId ?? null],
  });

  it('gives the root alone as all', () => {
    expect(keys.all).toEqual(['teams']);
  });

  it('puts a constant key under the root', () => {
    expect(keys.list).toEqual(['teams', 'list']);
  });

  it('puts what a key function returns under the root, for each call', () => {
    expect(keys.detail(7)).toEqual(['teams', 'detail', 7]);
    expect(keys.detail(8)).toEqual(['teams', 'detail', 8]);
    expect(keys.page('x')).toEqual(['teams', 'page', 'x', null]);
  });
});
