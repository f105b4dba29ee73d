import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';

export type Driver = 'pglite' | 'postgres';

const adminUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !adminUrl) {
  // In CI the PostgreSQL half must run, never silently skip.
  throw new Error('TEST_DATABASE_URL is not set: CI must run the database tests against PostgreSQL too');
}

/** The drivers every data-access test runs against: PGlite always, PostgreSQL when a server is given. */
export const TEST_DRIVERS: Driver[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated, private database; closing it drops it. */
export async function openTestDatabase(driver: Driver): Promise<Database> {
  if (driver === 'pglite') return openDatabase({ kind: 'pglite' });
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tonemark_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
