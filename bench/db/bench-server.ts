import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { soundTriggers, triggerActivations } from '../../apps/server/src/db/schema.ts';
import { type Candidate, openCandidate } from './candidates.ts';

// The server under test, forked by db-bench.ts: the real app on one candidate database.
export type ToServer = { type: 'ingest'; rows: number; batch: number; single: number };
export type FromServer =
  | { type: 'listening' }
  | { type: 'ingested'; batchedPerSecond: number; singlePerSecond: number };

const candidate = process.env.BENCH_CANDIDATE as Candidate;
const dataDir = process.env.DATA_DIR ?? '';
const database = await openCandidate(candidate, dataDir, process.env.BENCH_EXTERNAL_URL);
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: process.env.PORT,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});
const app = await buildApp({
  config,
  database,
  logger: false,
  signUpLimit: { max: 1000, windowMs: 60_000 },
});
await app.listen({ port: config.port, host: config.host });

function send(message: FromServer) {
  process.send?.(message);
}

/** Activations as the batched writer stores them: many rows and the per-trigger counts in one transaction. */
async function storeBatch(db: Db, triggerIds: number[], count: number, offset: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    triggerId: triggerIds[(offset + i) % triggerIds.length] ?? null,
    deviceType: 'mobile',
    osVersion: 'bench',
    batteryImpact: 1,
  }));
  const perTrigger = new Map<number, number>();
  for (const row of rows)
    if (row.triggerId) perTrigger.set(row.triggerId, (perTrigger.get(row.triggerId) ?? 0) + 1);
  await db.transaction(async (tx) => {
    await tx.insert(triggerActivations).values(rows);
    for (const [id, n] of perTrigger) {
      await tx
        .update(soundTriggers)
        .set({ activationCount: sql`${soundTriggers.activationCount} + ${n}` })
        .where(inArray(soundTriggers.id, [id]));
    }
  });
}

process.on('message', async (message: ToServer) => {
  if (message.type !== 'ingest') return;
  const triggerIds = (await database.db.select({ id: soundTriggers.id }).from(soundTriggers)).map(
    (t) => t.id,
  );
  let started = performance.now();
  for (let i = 0; i < message.single; i++) await storeBatch(database.db, triggerIds, 1, i);
  const singlePerSecond = message.single / ((performance.now() - started) / 1000);
  started = performance.now();
  for (let done = 0; done < message.rows; done += message.batch) {
    await storeBatch(database.db, triggerIds, Math.min(message.batch, message.rows - done), done);
  }
  const batchedPerSecond = message.rows / ((performance.now() - started) / 1000);
  send({ type: 'ingested', batchedPerSecond, singlePerSecond });
});

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
send({ type: 'listening' });
