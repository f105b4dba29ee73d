import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './db-type.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { migrationsFolder } from './migrations-folder.ts';
import { importPgliteData } from './pglite-import.ts';
import * as schema from './schema.ts';
import { hookStatements, registerTableWrites, TableWrites } from './statement-hooks.ts';

export type { Db, Schema } from './db-type.ts';

export interface Database {
  db: Db;
  /** embedded: a PostgreSQL this process runs and owns alone; postgres: a server others may share. */
  driver: 'embedded' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      /** The default: PostgreSQL from the embedded-postgres package, in `<dataDir>/postgres`. */
      kind: 'embedded';
      dataDir: string;
      log?: (message: string) => void;
    }
  | {
      kind: 'postgres';
      url: string;
      /** An idle pooled connection died (server restart, failover, admin kill). */
      onConnectionError?: (error: Error) => void;
    };

function reportLostConnection(error: Error) {
  process.stderr.write(
    `database connection lost (the pool reconnects on the next query): ${error.message}\n`,
  );
}

/** Opens the database and applies committed migrations before anything reads it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.onConnectionError);
  const server = await startEmbeddedPostgres({ dataDir: target.dataDir, log: target.log });
  try {
    const database = await openPostgres(server.url);
    await importPgliteData(database.db, path.join(target.dataDir, 'db'), target.log);
    return {
      db: database.db,
      driver: 'embedded',
      close: async () => {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function openPostgres(url: string, onConnectionError = reportLostConnection): Promise<Database> {
  // No parallel query: every statement here is a small indexed read or write, and starting
  // workers cost a 1M-activation summary ~9 ms of its ~10 ms (docs/decisions/request-path.md).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c max_parallel_workers_per_gather=0',
  });
  const writes = new TableWrites();
  hookStatements(pool, writes);
  // Without a listener, an idle connection killed by the server is an uncaught exception that
  // takes the process down; the pool itself replaces it on the next query. Once closing, it is
  // not lost: pool.end() resolves before each connection has said goodbye, and the embedded
  // server stopped right after terminates the stragglers ("administrator command").
  let closing = false;
  pool.on('error', (error) => {
    if (!closing) onConnectionError(error);
  });
  const db = drizzle(pool, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await pool.end();
    throw error;
  }
  registerTableWrites(db, writes);
  return {
    db,
    driver: 'postgres',
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}
