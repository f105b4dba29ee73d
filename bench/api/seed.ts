import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';

export const TRIGGERS = 500;
export const DAYS = 90;
/** Rows per INSERT: each statement's rollup upsert folds this many rows at once. */
const CHUNK = 250_000;

function target(dataDir: string, databaseUrl: string | undefined) {
  return databaseUrl
    ? ({ kind: 'postgres', url: databaseUrl } as const)
    : ({ kind: 'embedded', dataDir } as const);
}

/** The creator's 500 triggers, written in one statement (no tone files: nothing here plays them). */
export async function seedTriggers(dataDir: string, databaseUrl: string | undefined, creatorId: number) {
  const database = await openDatabase(target(dataDir, databaseUrl));
  try {
    await database.db.execute(sql`
      insert into sound_triggers (name, description, type, action, action_data, frequency_pattern, status,
        creator_id, public_id, created_at)
      select 'Bench trigger ' || i, 'Seeded by bench:api', (array['URL','APP','REWARD','CUSTOM']::trigger_type[])[1 + i % 4],
        'OPEN_URL', 'https://example.com/' || i, jsonb_build_array(1000 + i, 1200 + i, 1500 + i, 1800 + i),
        (case when i % 10 = 0 then 'inactive' else 'active' end)::trigger_status, ${creatorId}, 'tm_trg_bench' || i,
        now() - (i % ${DAYS}::int) * interval '1 day'
      from generate_series(1, ${TRIGGERS}::int) as i`);
  } finally {
    await database.close();
  }
}

/**
 * Adds activations until the table holds `total`, spread over the last 90 days, the triggers,
 * three platforms and the device types, with bulk INSERT … SELECT (the rollups follow by their
 * own database triggers), then VACUUM ANALYZE so the planner knows the new size.
 */
export async function growActivations(dataDir: string, databaseUrl: string | undefined, total: number) {
  const database = await openDatabase(target(dataDir, databaseUrl));
  try {
    const rows = (await database.db.execute(
      sql`select count(*)::int as n, min(id)::int as first from sound_triggers`,
    )) as unknown as { rows: { n: number; first: number }[] };
    const { n: triggers, first } = rows.rows[0] ?? { n: TRIGGERS, first: 1 };
    const counted = (await database.db.execute(
      sql`select count(*)::int as n from trigger_activations`,
    )) as unknown as { rows: { n: number }[] };
    let have = counted.rows[0]?.n ?? 0;
    while (have < total) {
      const add = Math.min(CHUNK, total - have);
      await database.db.execute(sql`
        insert into trigger_activations (trigger_id, device_type, os_version, battery_impact, successful, activated_at)
        select ${first}::int + ((i::bigint * 7919) % ${triggers}::int)::int,
          (array['Web Listener', 'Mobile Simulator', 'Native App'])[1 + i % 3],
          (array['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 'Mozilla/5.0 (Linux; Android 15; Pixel 9)', 'Web'])[1 + (i / 3) % 3],
          1 + i % 5, i % 17 <> 0,
          now() - ((i::bigint * 104729) % ${DAYS * 86_400}::int) * interval '1 second'
        from generate_series(${have + 1}::int, ${have + add}::int) as i`);
      have += add;
    }
    // Settle the bulk load now (visibility map, statistics), not under the measurements.
    await database.db.execute(sql`vacuum analyze sound_triggers`);
    await database.db.execute(sql`vacuum analyze trigger_activations`);
    await database.db.execute(sql`vacuum analyze activation_daily_by_owner`);
    await database.db.execute(sql`vacuum analyze activation_daily_by_trigger`);
  } finally {
    await database.close();
  }
}
