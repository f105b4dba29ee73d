import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseUrl } from '../test/databases.ts';
import { openDatabase } from './client.ts';
import { migrationsFolder } from './migrations-folder.ts';

interface Journal {
  entries: { tag: string }[];
}

/** The one account most old-row fixtures belong to. */
const ADA = `insert into users (id, username, email, password) values (1, 'ada', 'ada@example.com', 'hash')`;

const dirs: string[] = [];
const databases: string[] = [];

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A copy of the migrations folder whose journal stops just before the one tagged `…_<name>`. */
function migrationsBefore(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tonemark-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`));
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** A new database, empty or a copy of the run's migrated template; dropped after the file. */
async function createDatabase(label: string, template?: string): Promise<string> {
  const name = `tonemark_${label}_${Date.now()}`;
  databases.push(name);
  await withClient(testDatabaseUrl('postgres'), (c) =>
    c.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  return testDatabaseUrl(name);
}

/**
 * A new database migrated up to just before the migration tagged `…_<before>`, given `rows` (SQL)
 * as they were written then, and migrated to the end as a start does. Returns its URL.
 */
async function migrateOldRows(label: string, before: string, rows: string): Promise<string> {
  const url = await createDatabase(label);
  const pool = new pg.Pool({ connectionString: url });
  try {
    await migrate(drizzle(pool), { migrationsFolder: migrationsBefore(before) });
    await pool.query(rows);
  } finally {
    await pool.end();
  }
  const database = await openDatabase({ kind: 'postgres', url });
  await database.close();
  return url;
}

/** `table.column: type` of the columns `where` picks from information_schema.columns, sorted. */
async function columnTypes(c: pg.Client, where: string): Promise<string[]> {
  const { rows } = await c.query(
    `select table_name, column_name, udt_name from information_schema.columns where ${where}
     order by table_name, column_name`,
  );
  return rows.map((r) => `${r.table_name}.${r.column_name}: ${r.udt_name}`);
}

afterAll(async () => {
  for (const name of databases)
    await withClient(testDatabaseUrl('postgres'), (c) =>
      c.query(`drop database if exists ${name} with (force)`),
    );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('typed enum columns', () => {
  it('migrates rows written while the columns were text, keeping values and defaults', async () => {
    const url = await migrateOldRows(
      'enum_migration',
      'typed_enum_columns',
      `
        ${ADA};
        insert into campaigns (id, name, owner_id) values (1, 'Launch', 1);
        insert into sound_triggers (id, name, type, action, action_data, frequency_pattern, status, signal, creator_id, public_id)
          values (1, 'Full', 'APP', 'LAUNCH_APP', 'app://x', '[1000,1200,1500,1800]', 'scheduled', 'streaming', 1, 'p1');
        insert into sound_triggers (id, name, type, action, action_data, frequency_pattern, creator_id, public_id)
          values (2, 'Defaults', 'URL', 'OPEN_URL', 'https://example.com', '[1000,1200,1500,1800]', 1, 'p2');
        insert into ab_tests (id, name, campaign_id) values (1, 'Test', 1);
        insert into ab_test_variants (test_id, trigger_id, name, action) values (1, 1, 'A', null), (1, 2, 'B', 'DISPLAY_REWARD');
        insert into pricing_plans (id, tier, name, description, price_cents, billing_period, features, storage_limit_gb)
          values ('old-pro-yearly', 'pro', 'Pro', 'Old row', 9900, 'yearly', '[]', 10);
        insert into webhook_endpoints (id, user_id, url, events, secret) values (1, 1, 'https://example.com/hook', '["trigger.activated"]', 'whsec_x');
        insert into webhook_outbox (endpoint_id, message_id, event, body) values (1, 'msg_1', 'trigger.activated', '{}');
        insert into webhook_deliveries (endpoint_id, message_id, event, attempt, succeeded, duration_ms)
          values (1, 'msg_1', 'trigger.created', 1, true, 12);
      `,
    );

    await withClient(url, async (c) => {
      const triggers = await c.query(
        'select id, type, action, status, signal from sound_triggers order by id',
      );
      expect(triggers.rows).toEqual([
        { id: 1, type: 'APP', action: 'LAUNCH_APP', status: 'scheduled', signal: 'streaming' },
        { id: 2, type: 'URL', action: 'OPEN_URL', status: 'active', signal: 'audible' },
      ]);
      const variants = await c.query('select name, action from ab_test_variants order by name');
      expect(variants.rows).toEqual([
        { name: 'A', action: null },
        { name: 'B', action: 'DISPLAY_REWARD' },
      ]);
      const plans = await c.query(
        `select tier, billing_period from pricing_plans where id = 'old-pro-yearly'`,
      );
      expect(plans.rows).toEqual([{ tier: 'pro', billing_period: 'yearly' }]);
      const events = await c.query(
        'select (select event from webhook_outbox) as queued, (select event from webhook_deliveries) as logged',
      );
      expect(events.rows).toEqual([{ queued: 'trigger.activated', logged: 'trigger.created' }]);
      const types = await columnTypes(
        c,
        `(table_name = 'sound_triggers' and column_name in ('type', 'action', 'status', 'signal'))
          or (table_name = 'ab_test_variants' and column_name = 'action')
          or (table_name = 'pricing_plans' and column_name in ('tier', 'billing_period'))
          or (table_name in ('webhook_outbox', 'webhook_deliveries') and column_name = 'event')`,
      );
      expect(types).toEqual([
        'ab_test_variants.action: trigger_action',
        'pricing_plans.billing_period: billing_period',
        'pricing_plans.tier: plan_tier',
        'sound_triggers.action: trigger_action',
        'sound_triggers.signal: trigger_signal',
        'sound_triggers.status: trigger_status',
        'sound_triggers.type: trigger_type',
        'webhook_deliveries.event: webhook_event',
        'webhook_outbox.event: webhook_event',
      ]);
    });
  }, 60_000);

  it('maps legacy A/B statuses and plan names, and types them with the levels', async () => {
    const url = await migrateOldRows(
      'enum_legacy',
      'typed_enum_legacy_values',
      `
        insert into users (id, username, email, password, subscription_plan, subscription_status) values
          (1, 'ada', 'ada@example.com', 'hash', 'pro', 'active'),
          (2, 'bob', 'bob@example.com', 'hash', 'free', 'inactive'),
          (3, 'cy', 'cy@example.com', 'hash', null, 'inactive');
        insert into campaigns (id, name, owner_id) values (1, 'Launch', 1);
        insert into ab_tests (id, name, campaign_id) values (1, 'SPEC default', 1);
        insert into ab_tests (id, name, campaign_id, status) values
          (2, 'Paused', 1, 'paused'), (3, 'Ended', 1, 'ended'), (4, 'Stray', 1, 'archived');
        insert into sound_triggers (id, name, type, action, action_data, frequency_pattern, creator_id, public_id)
          values (1, 'Defaults', 'URL', 'OPEN_URL', 'https://example.com', '[1000,1200,1500,1800]', 1, 'p1');
        insert into sound_triggers (id, name, type, action, action_data, frequency_pattern, creator_id, public_id,
            priority_level, battery_impact_level, broadcast_mode)
          values (2, 'Set', 'APP', 'LAUNCH_APP', 'app://x', '[1000,1200,1500,1800]', 1, 'p2', 'high', 'low', 'continuous');
      `,
    );

    await withClient(url, async (c) => {
      const tests = await c.query('select id, status from ab_tests order by id');
      expect(tests.rows).toEqual([
        { id: 1, status: 'running' },
        { id: 2, status: 'paused' },
        { id: 3, status: 'ended' },
        { id: 4, status: 'draft' },
      ]);
      const plans = await c.query('select id, subscription_plan from users order by id');
      expect(plans.rows).toEqual([
        { id: 1, subscription_plan: 'pro' },
        { id: 2, subscription_plan: null },
        { id: 3, subscription_plan: null },
      ]);
      const levels = await c.query(
        'select id, priority_level, battery_impact_level, broadcast_mode from sound_triggers order by id',
      );
      expect(levels.rows).toEqual([
        { id: 1, priority_level: 'medium', battery_impact_level: 'medium', broadcast_mode: 'standard' },
        { id: 2, priority_level: 'high', battery_impact_level: 'low', broadcast_mode: 'continuous' },
      ]);
      // SPEC §3.4's default ("active") is the contract's running.
      await c.query(`insert into ab_tests (id, name, campaign_id) values (5, 'New default', 1)`);
      const fresh = await c.query('select status from ab_tests where id = 5');
      expect(fresh.rows).toEqual([{ status: 'running' }]);
      const types = await columnTypes(
        c,
        `(table_name = 'ab_tests' and column_name = 'status')
          or (table_name = 'users' and column_name = 'subscription_plan')
          or (table_name = 'sound_triggers' and column_name in ('priority_level', 'battery_impact_level', 'broadcast_mode'))`,
      );
      expect(types).toEqual([
        'ab_tests.status: ab_test_status',
        'sound_triggers.battery_impact_level: battery_impact_level',
        'sound_triggers.broadcast_mode: broadcast_mode',
        'sound_triggers.priority_level: priority_level',
        'users.subscription_plan: plan_tier',
      ]);
    });
  }, 60_000);

  it('maps stray campaign, billing, token and conversion values, then types the columns', async () => {
    const url = await migrateOldRows(
      'enum_billing',
      'typed_enum_legacy_values_billing_campaigns',
      `
        ${ADA};
        insert into pricing_plans (id, tier, name, description, price_cents, billing_period, features, storage_limit_gb)
          values ('old-pro', 'pro', 'Pro', 'Old row', 900, 'monthly', '[]', 10);
        insert into subscriptions (id, user_id, plan_id, contact_email, contact_name) values ('sub_new', 1, 'old-pro', 'a@x.io', 'Ada');
        insert into subscriptions (id, user_id, plan_id, contact_email, contact_name, status) values
          ('sub_paid', 1, 'old-pro', 'a@x.io', 'Ada', 'active'), ('sub_gone', 1, 'old-pro', 'a@x.io', 'Ada', 'canceled'),
          ('sub_due', 1, 'old-pro', 'a@x.io', 'Ada', 'past_due');
        insert into payments (id, provider, user_id, amount_cents, client_secret_hash) values ('pi_new', 'sandbox', 1, 900, 'h');
        insert into payments (id, provider, user_id, amount_cents, client_secret_hash, status) values
          ('pi_paid', 'stripe', 1, 900, 'h', 'succeeded'), ('pi_slow', 'stripe', 1, 900, 'h', 'processing');
        insert into account_tokens (id, user_id, purpose, email, expires_at) values
          ('t1', 1, 'verify-email', 'ada@example.com', now() + interval '1 day'),
          ('t2', 1, 'magic-link', 'ada@example.com', now() + interval '1 day');
        insert into activation_conversions (activation_id, kind, goal) values
          ('00000000-0000-4000-8000-000000000001', 'click', ''),
          ('00000000-0000-4000-8000-000000000001', 'goal', 'signup'),
          ('00000000-0000-4000-8000-000000000001', 'view', '');
        insert into campaigns (id, name, owner_id) values (1, 'Default', 1);
        insert into campaigns (id, name, owner_id, status) values (2, 'Archived', 1, 'archived'), (3, 'Stray', 1, 'draft');
      `,
    );

    await withClient(url, async (c) => {
      const statuses = async (table: string) =>
        Object.fromEntries(
          (await c.query(`select id, status from ${table}`)).rows.map((r) => [r.id, r.status]),
        );
      expect(await statuses('campaigns')).toEqual({ 1: 'active', 2: 'archived', 3: 'paused' });
      expect(await statuses('subscriptions')).toEqual({
        sub_new: 'incomplete',
        sub_paid: 'active',
        sub_gone: 'canceled',
        sub_due: 'incomplete',
      });
      expect(await statuses('payments')).toEqual({
        pi_new: 'requires_payment_method',
        pi_paid: 'succeeded',
        pi_slow: 'requires_payment_method',
      });
      const tokens = await c.query('select id, purpose from account_tokens order by id');
      expect(tokens.rows).toEqual([{ id: 't1', purpose: 'verify-email' }]);
      const steps = await c.query('select kind, goal from activation_conversions order by kind');
      expect(steps.rows).toEqual([
        { kind: 'click', goal: '' },
        { kind: 'goal', goal: 'signup' },
      ]);
      const types = await columnTypes(
        c,
        `(table_name in ('campaigns', 'subscriptions', 'payments') and column_name = 'status')
          or (table_name = 'account_tokens' and column_name = 'purpose')
          or (table_name = 'activation_conversions' and column_name = 'kind')`,
      );
      expect(types).toEqual([
        'account_tokens.purpose: account_token_purpose',
        'activation_conversions.kind: conversion_kind',
        'campaigns.status: campaign_status',
        'payments.status: payment_status',
        'subscriptions.status: subscription_status',
      ]);
    });
  }, 60_000);

  it('maps stray account subscription statuses to inactive, then types the column', async () => {
    const url = await migrateOldRows(
      'enum_user_status',
      'typed_enum_legacy_values_subscription_status',
      `
        insert into users (id, username, email, password) values (1, 'ada', 'ada@example.com', 'hash');
        insert into users (id, username, email, password, subscription_plan, subscription_status) values
          (2, 'bob', 'bob@example.com', 'hash', 'pro', 'active'),
          (3, 'cy', 'cy@example.com', 'hash', 'starter', 'canceled'),
          (4, 'di', 'di@example.com', 'hash', null, 'free'),
          (5, 'ed', 'ed@example.com', 'hash', 'pro', 'past_due');
      `,
    );

    await withClient(url, async (c) => {
      const users = await c.query('select id, subscription_plan, subscription_status from users order by id');
      expect(users.rows).toEqual([
        { id: 1, subscription_plan: null, subscription_status: 'inactive' },
        { id: 2, subscription_plan: 'pro', subscription_status: 'active' },
        { id: 3, subscription_plan: 'starter', subscription_status: 'canceled' },
        { id: 4, subscription_plan: null, subscription_status: 'inactive' },
        { id: 5, subscription_plan: 'pro', subscription_status: 'inactive' },
      ]);
      const types = await columnTypes(c, `table_name = 'users' and column_name = 'subscription_status'`);
      expect(types).toEqual(['users.subscription_status: user_subscription_status']);
    });
  }, 60_000);

  it('refuses a value outside the contract from a plain-SQL writer', async () => {
    const url = await createDatabase('enum_refusal', inject('testDatabaseServer').template);
    await withClient(url, async (c) => {
      await c.query(
        `insert into users (id, username, email, password) values (1, 'ada', 'ada@example.com', 'x')`,
      );
      const valid = { type: 'URL', action: 'OPEN_URL', status: 'active', signal: 'audible' };
      const insert = (column: keyof typeof valid, value: string) => {
        const row = { ...valid, [column]: value };
        return c.query(
          `insert into sound_triggers (name, action_data, frequency_pattern, creator_id, public_id, type, action, status, signal)
             values ('Bad', 'https://example.com', '[1000,1200,1500,1800]', 1, $1, $2, $3, $4, $5)`,
          [`p-${column}-${value}`, row.type, row.action, row.status, row.signal],
        );
      };
      for (const column of ['type', 'action', 'status', 'signal'] as const) {
        await expect(insert(column, 'paused')).rejects.toMatchObject({ code: '22P02' });
      }
      const { rows } = await c.query('select count(*)::int as n from sound_triggers');
      expect(rows).toEqual([{ n: 0 }]);
      await insert('status', 'inactive');
      const after = await c.query('select status from sound_triggers');
      expect(after.rows).toEqual([{ status: 'inactive' }]);
      await expect(
        c.query(
          `insert into pricing_plans (id, tier, name, description, price_cents, billing_period, features, storage_limit_gb)
           values ('x', 'free', 'Free', 'Not a paid tier', 0, 'monthly', '[]', 1)`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      await c.query(
        `insert into webhook_endpoints (id, user_id, url, events, secret) values (1, 1, 'https://example.com/h', '[]', 's')`,
      );
      await expect(
        c.query(
          `insert into webhook_outbox (endpoint_id, message_id, event, body) values (1, 'm', 'trigger.deleted', '{}')`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      // media_files.type and status (migration 0019): a plain-SQL writer cannot store a kind or a
      // state the media contract does not know, and the default is still 'processing'.
      const media = (type: string, status?: string) =>
        status === undefined
          ? c.query(`insert into media_files (name, type, url, owner_id) values ('m', $1, '/media/k', 1)`, [
              type,
            ])
          : c.query(
              `insert into media_files (name, type, url, status, owner_id) values ('m', $1, '/media/k', $2, 1)`,
              [type, status],
            );
      await expect(media('image')).rejects.toMatchObject({ code: '22P02' });
      await expect(media('audio', 'done')).rejects.toMatchObject({ code: '22P02' });
      await media('video');
      const stored = await c.query('select type, status from media_files');
      expect(stored.rows).toEqual([{ type: 'video', status: 'processing' }]);
      // typed_enum_columns_levels_plans_ab: the A/B status, the account's plan, the trigger's levels.
      await c.query(`insert into campaigns (id, name, owner_id) values (1, 'Launch', 1)`);
      await expect(
        c.query(`insert into ab_tests (name, campaign_id, status) values ('t', 1, 'active')`),
      ).rejects.toMatchObject({ code: '22P02' });
      await expect(c.query(`update users set subscription_plan = 'free' where id = 1`)).rejects.toMatchObject(
        { code: '22P02' },
      );
      for (const column of ['priority_level', 'battery_impact_level', 'broadcast_mode']) {
        await expect(
          c.query(
            `insert into sound_triggers (name, type, action, action_data, frequency_pattern, creator_id, public_id, ${column})
               values ('Bad', 'URL', 'OPEN_URL', 'https://example.com', '[1000,1200,1500,1800]', 1, $1, 'urgent')`,
            [`p-${column}`],
          ),
        ).rejects.toMatchObject({ code: '22P02' });
      }
      await c.query(`update users set subscription_plan = 'enterprise' where id = 1`);
      const plan = await c.query('select subscription_plan from users where id = 1');
      expect(plan.rows).toEqual([{ subscription_plan: 'enterprise' }]);
      // typed_enum_columns_billing_campaigns_accounts: campaigns, billing, tokens, conversion steps.
      await expect(
        c.query(`insert into campaigns (name, owner_id, status) values ('c', 1, 'draft')`),
      ).rejects.toMatchObject({ code: '22P02' });
      await c.query(
        `insert into pricing_plans (id, tier, name, description, price_cents, billing_period, features, storage_limit_gb)
         values ('pro-m', 'pro', 'Pro', 'Paid', 900, 'monthly', '[]', 10)`,
      );
      await expect(
        c.query(
          `insert into subscriptions (id, user_id, plan_id, contact_email, contact_name, status)
           values ('sub_x', 1, 'pro-m', 'a@x.io', 'Ada', 'past_due')`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      await expect(
        c.query(
          `insert into payments (id, provider, user_id, amount_cents, client_secret_hash, status)
           values ('pi_x', 'stripe', 1, 900, 'h', 'processing')`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      await expect(
        c.query(
          `insert into account_tokens (id, user_id, purpose, email, expires_at)
           values ('t', 1, 'magic-link', 'a@x.io', now())`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      await expect(
        c.query(
          `insert into activation_conversions (activation_id, kind) values ('00000000-0000-4000-8000-000000000001', 'view')`,
        ),
      ).rejects.toMatchObject({ code: '22P02' });
      await c.query(`insert into campaigns (id, name, owner_id) values (2, 'c', 1)`);
      await c.query(
        `insert into subscriptions (id, user_id, plan_id, contact_email, contact_name) values ('sub_y', 1, 'pro-m', 'a@x.io', 'Ada')`,
      );
      await c.query(
        `insert into payments (id, provider, user_id, amount_cents, client_secret_hash) values ('pi_y', 'stripe', 1, 900, 'h')`,
      );
      const defaults = await c.query(
        `select (select status from campaigns where id = 2) as campaign,
          (select status from subscriptions where id = 'sub_y') as subscription,
          (select status from payments where id = 'pi_y') as payment`,
      );
      expect(defaults.rows).toEqual([
        { campaign: 'active', subscription: 'incomplete', payment: 'requires_payment_method' },
      ]);
      // typed_enum_column_user_subscription_status: 'free' is the plan contract's word, never stored.
      await expect(
        c.query(`update users set subscription_status = 'free' where id = 1`),
      ).rejects.toMatchObject({ code: '22P02' });
      await c.query(`update users set subscription_status = 'canceled' where id = 1`);
      const status = await c.query('select subscription_status from users where id = 1');
      expect(status.rows).toEqual([{ subscription_status: 'canceled' }]);
    });
  });
});
