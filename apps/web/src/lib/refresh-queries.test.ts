import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './react-query';
import { refreshQueries } from './refresh-queries';

describe('refreshQueries', () => {
  it('does not let a list read from before a delete land after it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const server = { rows: ['Renamed trigger'] };
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    // The first read (a search that has just settled) sees the row, then answers late.
    const key = [...queryKeys.triggers, 'page', { search: 'Renamed trigger' }];
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: async () => {
        reads += 1;
        const seen = [...server.rows];
        if (reads === 1) await held;
        return seen;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => reads).toBe(1);

    server.rows = [];
    const refreshed = refreshQueries(client, [queryKeys.triggers]);
    release();
    await refreshed;
    await expect.poll(() => observer.getCurrentResult().status).toBe('success');

    expect(client.getQueryData(key)).toEqual([]);
    unsubscribe();
    client.clear();
  });
});
