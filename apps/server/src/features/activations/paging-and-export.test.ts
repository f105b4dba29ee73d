import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryCount, queryRows } from '../../db/query-rows.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { CSV_BATCH_ROWS } from './csv-export.ts';

// More rows than the old 10,000 cut and than two CSV batches; many share a timestamp, so the
// keyset must break ties by id.
const ROWS = 12_345;

describe.each(TEST_DRIVERS)('activation paging and complete exports (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string };
  let triggerId: number;
  let newestFirst: string[];

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/triggers',
      headers: { cookie: alice.cookie },
      payload: { name: 'Bulk', type: 'CUSTOM', actionData: 'x' },
    });
    triggerId = created.json().id;
    await t.database.db.execute(sql`
      insert into trigger_activations (trigger_id, device_type, os_version, activated_at)
      select ${triggerId}, case when i % 2 = 0 then 'Web Listener' else 'Native App' end, 'Web',
             timestamptz '2026-11-01 12:00:00+00' - (i / 7) * interval '1 minute' - (i % 7) * interval '1 microsecond' * (i % 3)
      from generate_series(1, ${ROWS}) as i`);
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select activation_id::text as id from trigger_activations a order by a.activated_at desc, a.id desc`,
    );
    newestFirst = rows.map((r) => r.id);
  });
  afterAll(async () => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });

  it('exports every matching row as CSV, in order, with the count announced', async () => {
    expect(ROWS).toBeGreaterThan(2 * CSV_BATCH_ROWS);
    const response = await get('/api/activations?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(ROWS));
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(newestFirst);
  });

  it('exports only what the filters keep, and the first `limit` rows when one is named', async () => {
    const half = (await get('/api/activations?format=csv&deviceType=Native%20App')).body.trim().split('\r\n');
    expect(half).toHaveLength(Math.ceil(ROWS / 2) + 1);
    const limited = await get('/api/activations?format=csv&limit=7000');
    expect(limited.headers[TOTAL_COUNT_HEADER]).toBe('7000');
    expect(limited.body.trim().split('\r\n')).toHaveLength(7001);
  });

  it('walks every row once with keyset cursors, and counts them exactly', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { activations: { activationId: string }[]; nextCursor: string | null } = (
        await get(`/api/activations/page?limit=2000${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(page).toMatchObject({ total: ROWS, totalExact: true });
      seen.push(...page.activations.map((a: { activationId: string }) => a.activationId));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(Math.ceil(ROWS / 2000));
    expect(seen).toEqual(newestFirst);
  });

  it('says where the rest starts when a JSON list is cut at its limit', async () => {
    const first = await get('/api/activations?limit=10000');
    expect(first.json()).toHaveLength(10_000);
    const cursor = first.headers[NEXT_CURSOR_HEADER];
    expect(typeof cursor).toBe('string');
    const rest = await get(`/api/activations?limit=10000&cursor=${cursor}`);
    expect(rest.json()).toHaveLength(ROWS - 10_000);
    expect(rest.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('counts partial days at the window edges from the rows and whole days from the rollups', async () => {
    const start = '2026-10-31T20:30:00.000Z';
    const end = '2026-11-01T09:15:00.000Z';
    const n = await queryCount(
      t.database.db,
      sql`select count(*)::int as n from trigger_activations where activated_at >= ${start}::timestamptz and activated_at < ${end}::timestamptz + interval '1 millisecond'`,
    );
    const page = (await get(`/api/activations/page?startDate=${start}&endDate=${end}`)).json();
    expect(page).toMatchObject({ total: n, totalExact: true });
    expect(n).toBeGreaterThan(0);
    const day = (await get('/api/activations/page?startDate=2026-10-31&endDate=2026-10-31')).json();
    const ofDay = await queryCount(
      t.database.db,
      sql`select count(*)::int as n from trigger_activations where (activated_at at time zone 'UTC')::date = '2026-10-31'`,
    );
    expect(day.total).toBe(ofDay);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await get('/api/activations/page?cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ cursor: 'Must be a cursor from an earlier answer' });
  });
});
