import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

/**
 * One engine everywhere: server tests run on PostgreSQL, as `npm start` and production do
 * (docs/decisions/embedded-database.md). Kept as a list so `describe.each(TEST_DRIVERS)` reads
 * the same if a second engine ever comes back.
 */
export type Driver = 'postgres';
export const TEST_DRIVERS: Driver[] = ['postgres'];

async function admin(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The run's PostgreSQL (global-setup.ts): a superuser URL for a new database named `name`. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(inject('testDatabaseServer').adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated, private database (a copy of the run's template); closing it drops it. */
export async function openTestDatabase(_driver: Driver = 'postgres'): Promise<Database> {
  const { adminUrl, template } = inject('testDatabaseServer');
  const name = `tonemark_test_${randomBytes(6).toString('hex')}`;
  await admin(adminUrl, `create database ${name} template ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: testDatabaseUrl(name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
