import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { queryCount } from '../db/query-rows.ts';
import { openTestDatabase } from '../test/databases.ts';
import { databasePlugin } from './database.ts';
import { embeddedMaintenancePlugin } from './embedded-maintenance.ts';

describe('embedded database maintenance (PGlite)', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it('gives the planner statistics, which PGlite never gathers by itself', async () => {
    const opened = await openTestDatabase('pglite');
    database = opened;
    await opened.db.execute(
      sql`insert into users (username, password, email) values ('a', 'x', 'a@x.example')`,
    );
    await opened.db.execute(sql`
      insert into sound_triggers (name, type, action, action_data, frequency_pattern, creator_id, public_id)
      select 'T' || i, 'URL', 'OPEN_URL', 'x', '[1,2,3,4]', 1, 'p' || i from generate_series(1, 3) i`);
    const tuples = () =>
      queryCount(opened.db, sql`select reltuples::int as n from pg_class where relname = 'sound_triggers'`);
    expect(await tuples()).toBe(-1);
    const app = Fastify();
    await app.register(databasePlugin, { database: opened, closeOnShutdown: false });
    await app.register(embeddedMaintenancePlugin, { enabled: true, firstAfterMs: 0 });
    await app.ready();
    try {
      await expect.poll(tuples, { timeout: 10_000, interval: 100 }).toBe(3);
    } finally {
      await app.close();
    }
  });
});
