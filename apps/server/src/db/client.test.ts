import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { type Database, openDatabase } from './client.ts';

/**
 * Several queries at once, so the pool holds several idle connections; each is marked, so the kill
 * below reaches this file's connections only (the test server is shared).
 */
async function fillPool(database: Database) {
  await Promise.all(
    Array.from({ length: 6 }, () => database.db.execute(sql`select pg_sleep(0.05), 'client.test' as probe`)),
  );
}

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the database connection', () => {
  it('reports an idle connection the server kills while open', async () => {
    const lost: Error[] = [];
    const url = inject('testDatabaseServer').adminUrl;
    const database = await openDatabase({ kind: 'postgres', url, onConnectionError: (e) => lost.push(e) });
    try {
      await fillPool(database);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where query like '%''client.test'' as probe%' and pid <> pg_backend_pid()",
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
      expect(lost[0]?.message).toMatch(/terminating connection/);
    } finally {
      await database.close();
    }
  });

  it('says nothing of lost connections when the embedded server stops on shutdown', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-client-'));
    dirs.push(dataDir);
    const database = await openDatabase({ kind: 'embedded', dataDir, log: () => {} });
    const stderr = vi.spyOn(process.stderr, 'write');
    await fillPool(database);
    await database.close();
    // The server's "administrator command" reaches a straggler just after close, if at all.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const written = stderr.mock.calls.map(([chunk]) => String(chunk));
    expect(written.filter((line) => line.includes('database connection lost'))).toEqual([]);
  });
});
