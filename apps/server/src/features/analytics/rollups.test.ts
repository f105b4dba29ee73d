import { PLATFORM_PATTERNS } from '@tonemark/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryCount, queryRows } from '../../db/query-rows.ts';
import { triggerActivations } from '../../db/schema.ts';
import { TEST_DRIVERS } from '../../test/databases.ts';
import { freshPattern } from '../../test/patterns.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

// The rollups are kept by database triggers; whatever writes the rows, they must equal the same
// aggregates computed from the rows themselves (activations of existing triggers only).

interface RollupRow {
  key: string;
  day: string;
  platform: string;
  device: string;
  n: number;
  ok: number;
  battery: number;
  batteryN: number;
  converted: number;
}

const fromRows = (keyExpr: string) =>
  sql.raw(`select ${keyExpr}::text as key, (a.activated_at at time zone 'UTC')::date::text as day,
    a.platform, coalesce(a.device_type, '') as device, count(*)::int as n,
    (count(*) filter (where a.successful))::int as ok, coalesce(sum(a.battery_impact), 0)::int as battery,
    count(a.battery_impact)::int as "batteryN", count(a.conversion_tracking)::int as converted
    from trigger_activations a join sound_triggers t on t.id = a.trigger_id
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);

const fromRollup = (table: string, keyColumn: string) =>
  sql.raw(`select ${keyColumn}::text as key, day::text as day, platform, device_type as device,
    activations as n, successful as ok, battery_sum::int as battery, battery_count as "batteryN", converted
    from ${table} where activations <> 0 order by 1, 2, 3, 4`);

describe.each(TEST_DRIVERS)('activation rollups (%s)', (driver) => {
  let t: TestApp;
  let alice: { cookie: string; user: { id: number } };
  let bob: { cookie: string; user: { id: number } };
  const triggers: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(driver);
    await signUp(t.app, 'admin@example.com');
    alice = await signUp(t.app, 'alice@example.com');
    bob = await signUp(t.app, 'bob@example.com');
    for (const [who, name] of [
      [alice, 'A1'],
      [alice, 'A2'],
      [bob, 'B1'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/triggers',
        headers: { cookie: who.cookie },
        payload: { name, type: 'CUSTOM', actionData: 'x', frequencyPattern: freshPattern() },
      });
      triggers.push(response.json().id);
    }
  });
  afterAll(async () => t.close());

  const rows = (query: ReturnType<typeof sql.raw>) => queryRows<RollupRow>(t.database.db, query);
  async function expectRollupsMatchRows() {
    expect(await rows(fromRollup('activation_daily_by_trigger', 'trigger_id'))).toEqual(
      await rows(fromRows('a.trigger_id')),
    );
    expect(await rows(fromRollup('activation_daily_by_owner', 'owner_id'))).toEqual(
      await rows(fromRows('coalesce(t.creator_id, 0)')),
    );
  }
  const summary = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/analytics/summary', headers: { cookie } })).json();

  it('counts a bulk INSERT written directly in SQL, platform filed by the database', async () => {
    const [a1, a2, b1] = triggers;
    await t.database.db.execute(sql`
      insert into trigger_activations
        (trigger_id, device_type, os_version, battery_impact, successful, activated_at, conversion_tracking)
      select (array[${a1}, ${a2}, ${b1}]::int[])[1 + i % 3],
             (array['Web Listener', 'Native App', null])[1 + i % 4],
             (array['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0)', 'Linux; Android 15', 'Web', null])[1 + i % 5],
             case when i % 7 = 0 then null else i % 5 end,
             i % 6 <> 0,
             now() - (i % 40) * interval '1 day' - (i % 24) * interval '1 hour',
             case when i % 9 = 0 then '{"goal":"signup"}'::jsonb end
      from generate_series(1, 3000) as i`);
    await expectRollupsMatchRows();
    const platforms = await queryRows<{ platform: string; os: string | null }>(
      t.database.db,
      sql`select distinct platform, os_version as os from trigger_activations`,
    );
    for (const { platform, os } of platforms) {
      const expected =
        os && new RegExp(PLATFORM_PATTERNS.ios, 'i').test(os)
          ? 'ios'
          : os && new RegExp(PLATFORM_PATTERNS.android, 'i').test(os)
            ? 'android'
            : 'other';
      expect(platform).toBe(expected);
    }
    expect((await summary(alice.cookie)).totalActivations).toBe(2000);
    expect((await summary(bob.cookie)).totalActivations).toBe(1000);
  });

  it('follows rows written one at a time through the query builder', async () => {
    for (const [i, osVersion] of ['Web', 'Mozilla/5.0 (iPad; CPU OS 17_0)', 'Android 14'].entries()) {
      await t.database.db.insert(triggerActivations).values({
        triggerId: triggers[i % 2],
        deviceType: 'Web Listener',
        osVersion,
        batteryImpact: 3,
        successful: i !== 1,
      });
    }
    await expectRollupsMatchRows();
    expect((await summary(alice.cookie)).totalActivations).toBe(2003);
  });

  it('follows SQL updates that move rows between triggers and owners, and deletes', async () => {
    const [a1, , b1] = triggers;
    await t.database.db.execute(
      sql`update trigger_activations set trigger_id = ${b1}, successful = not successful where id % 10 = 0 and trigger_id = ${a1}`,
    );
    await t.database.db.execute(sql`update trigger_activations set battery_impact = 9 where id % 11 = 0`);
    await t.database.db.execute(sql`delete from trigger_activations where id % 13 = 0`);
    await expectRollupsMatchRows();
    const n = await queryCount(
      t.database.db,
      sql`select count(*)::int as n from trigger_activations a join sound_triggers t on t.id = a.trigger_id where t.creator_id = ${bob.user.id}`,
    );
    expect((await summary(bob.cookie)).totalActivations).toBe(n);
  });

  it('drops a deleted trigger’s activations from its owner’s figures, and keeps the rows', async () => {
    const before = (await summary(alice.cookie)).totalActivations;
    const ofA2 = await queryCount(
      t.database.db,
      sql`select count(*)::int as n from trigger_activations where trigger_id = ${triggers[1]}`,
    );
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/triggers/${triggers[1]}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(204);
    expect((await summary(alice.cookie)).totalActivations).toBe(before - ofA2);
    await expectRollupsMatchRows();
    const orphans = await queryCount(
      t.database.db,
      sql`select count(*)::int as n from trigger_activations where trigger_id is null`,
    );
    expect(orphans).toBe(ofA2);
  });

  it('moves a trigger’s figures when its owner changes, and empties on TRUNCATE', async () => {
    await t.database.db.execute(
      sql`update sound_triggers set creator_id = ${alice.user.id} where id = ${triggers[2]}`,
    );
    await expectRollupsMatchRows();
    expect((await summary(bob.cookie)).totalActivations).toBe(0);
    await t.database.db.execute(sql`truncate trigger_activations`);
    await expectRollupsMatchRows();
    expect((await summary(alice.cookie)).totalActivations).toBe(0);
  });
});
