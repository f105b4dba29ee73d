// "PGlite off the main thread": PGlite and a PostgreSQL wire-protocol socket in a worker thread;
// the app talks to it through node-postgres like to any server. Plain JavaScript: worker threads
// do not inherit tsx's loader.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, socketDir } = workerData;
mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({
  db,
  path: path.join(socketDir, '.s.PGSQL.5432'),
  maxConnections: 10,
});
await server.start();
parentPort?.postMessage('ready');
parentPort?.on('message', async (message) => {
  if (message !== 'stop') return;
  await server.stop();
  await db.close();
  parentPort?.postMessage('stopped');
});
