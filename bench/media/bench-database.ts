import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

interface ClusterModule {
  startPostgres(): Promise<{ url: string; stop(): void }>;
}

const clusterScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../scripts/postgres-cluster.mjs',
);

/**
 * PostgreSQL if it can be had (DATABASE_URL, else the private cluster `npm test` starts), so the
 * Node process holds only the app; PGlite otherwise, which adds several hundred MB of WASM
 * memory to the Node process that have nothing to do with media.
 */
export async function openBenchDatabase(): Promise<{ database: Database; label: string; stop(): void }> {
  const url = process.env.DATABASE_URL;
  if (url)
    return { database: await openDatabase({ kind: 'postgres', url }), label: 'PostgreSQL', stop: () => {} };
  try {
    const cluster = (await import(pathToFileURL(clusterScript).href)) as ClusterModule;
    const pg = await cluster.startPostgres();
    try {
      return {
        database: await openDatabase({ kind: 'postgres', url: pg.url }),
        label: 'PostgreSQL (private cluster)',
        stop: () => pg.stop(),
      };
    } catch (error) {
      pg.stop();
      throw error;
    }
  } catch (error) {
    console.log(`PostgreSQL unavailable (${error instanceof Error ? error.message : error}); using PGlite`);
    return {
      database: await openDatabase({ kind: 'pglite' }),
      label: 'PGlite, inside the Node process',
      stop: () => {},
    };
  }
}
