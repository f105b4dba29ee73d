import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

/**
 * DATABASE_URL's PostgreSQL if given, else the embedded one `npm start` runs (its own process,
 * in a throw-away DATA_DIR), so the Node process measured holds only the app.
 */
export async function openBenchDatabase(): Promise<{ database: Database; label: string; stop(): void }> {
  const url = process.env.DATABASE_URL;
  if (url)
    return { database: await openDatabase({ kind: 'postgres', url }), label: 'PostgreSQL', stop: () => {} };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-bench-db-'));
  return {
    database: await openDatabase({ kind: 'embedded', dataDir, log: () => {} }),
    label: 'embedded PostgreSQL',
    stop: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
