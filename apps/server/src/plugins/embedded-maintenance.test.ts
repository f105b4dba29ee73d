import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows.ts';
import { createTestApp, signUp, type TestApp } from '../test/test-app.ts';

describe('embedded database maintenance (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('gives the planner statistics without autovacuum, shortly after start-up', async () => {
    const alice = await signUp(t.app, 'alice@example.com');
    for (const name of ['A', 'B', 'C']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: alice.cookie },
        payload: { name, type: 'CUSTOM', actionData: 'x' },
      });
    }
    const tuples = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select reltuples::int as n from pg_class where relname = 'sound_triggers'`,
        )
      )[0]?.n;
    await expect.poll(tuples, { timeout: 5000, interval: 200 }).toBe(3);
  });
});
