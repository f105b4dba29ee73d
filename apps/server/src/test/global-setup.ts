import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres.ts';

export interface TestDatabaseServer {
  /** A superuser connection to the `postgres` database: creates and drops the per-file databases. */
  adminUrl: string;
  /** Migrated once per run; each test file's database is a copy of it. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseServer: TestDatabaseServer;
  }
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * One PostgreSQL for the whole run: the same embedded server `npm start` runs (durability off,
 * it is thrown away), or TEST_DATABASE_URL's. Migrations run once, into a template database.
 */
export default async function setup(project: TestProject) {
  let server: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'tonemark-test-pg-'));
    server = await startEmbeddedPostgres({
      dataDir: dir,
      database: 'postgres',
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
      log: () => {},
    });
    adminUrl = server.adminUrl;
  }
  const template = `tonemark_template_${randomBytes(4).toString('hex')}`;
  const stop = async () => {
    if (adminUrl)
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await adminQuery(adminUrl, `create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    await database.close();
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('testDatabaseServer', { adminUrl, template });
  return stop;
}
