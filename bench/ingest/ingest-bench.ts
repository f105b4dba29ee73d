import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startPostgres } from '../../scripts/postgres-cluster.mjs';
import { startProcess } from '../api/server-process.ts';
import { type LoadResult, runLoad, type Transport } from './listener-load.ts';

// npm run bench:ingest [-- --quick] [--listeners 1000] [--seconds 300] [--db default,postgres]
//   [--transport http,ws] [--saturate 0]
// Starts the real server (bench-server.ts) on each database, makes an account and triggers, then
// drives N listeners at 1 detection a second and prints what was sent, stored, refused and
// silently lost, with acknowledgement latency. --saturate N adds a phase of N detections a second
// (more than one per listener) to find the sustained ingest rate.

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    listeners: { type: 'string' },
    seconds: { type: 'string' },
    db: { type: 'string', default: 'default,postgres' },
    transport: { type: 'string', default: 'http,ws' },
    saturate: { type: 'string' },
    triggers: { type: 'string', default: '5' },
  },
});
const quick = args.quick;
const listeners = Number(args.listeners ?? (quick ? 200 : 1000));
const seconds = Number(args.seconds ?? (quick ? 15 : 300));
const saturate = Number(args.saturate ?? (quick ? 2000 : 2500));
const triggerCount = Number(args.triggers);
const databases = (args.db ?? '').split(',').filter(Boolean) as ('default' | 'postgres')[];
const transports = (args.transport ?? '').split(',').filter(Boolean) as Transport[];

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The bench server (the app with its defaults) on a fresh DATA_DIR, removed again at stop. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-ingest-'));
  const server = await startProcess(
    'bench/ingest/bench-server.ts',
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    '/api/health',
  );
  return {
    baseUrl: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first account is the admin: it sees every activation, so it can count what was stored. */
async function seed(baseUrl: string, count: number): Promise<{ cookie: string; ids: string[] }> {
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'password-123' }),
  });
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${baseUrl}/api/triggers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        name: `Bench ${i}`,
        type: 'CUSTOM',
        actionData: `bench ${i}`,
        frequencyPattern: [500 + i * 50, 2000 - i * 50, 700 + (i % 13) * 100, 1200 + (i % 8) * 100],
      }),
    });
    if (response.status !== 201) throw new Error(`trigger ${response.status}: ${await response.text()}`);
  }
  const catalogue = (await (await fetch(`${baseUrl}/api/listener/catalogue`)).json()) as {
    triggers: { publicTriggerId: string }[];
  };
  return { cookie, ids: catalogue.triggers.map((t) => t.publicTriggerId) };
}

async function storedCount(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/activations/page?limit=1`, { headers: { cookie } });
  return ((await response.json()) as { total: number }).total;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

interface Row {
  db: string;
  transport: Transport;
  load: string;
  result: LoadResult;
  stored: number;
}

function printRow(row: Row) {
  const r = row.result;
  const refused = Object.values(r.refused).reduce((a, b) => a + (b ?? 0), 0);
  const reasons = Object.entries(r.refused)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const cells = [
    row.db,
    row.transport,
    row.load,
    r.sent.toLocaleString('en'),
    `${row.stored.toLocaleString('en')} (${((100 * row.stored) / Math.max(1, r.sent)).toFixed(2)} %)`,
    `${refused}${reasons ? ` (${reasons})` : ''}`,
    r.retries.toLocaleString('en'),
    r.stillRetrying.toLocaleString('en'),
    String(r.unanswered + Math.max(0, r.accepted - row.stored)),
    percentile(r.ackMs, 50).toFixed(0),
    percentile(r.ackMs, 99).toFixed(0),
    (row.stored / (r.windowMs / 1000)).toFixed(0),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}

const HEADER =
  '| database | transport | load | sent | stored | refused (final) | busy answers | still retrying at end | silently lost | ack p50 ms | ack p99 ms | stored/s |\n|---|---|---|---|---|---|---|---|---|---|---|---|';

async function main() {
  console.log(
    `bench:ingest ${new Date().toISOString()} — ${listeners} listeners × 1/s × ${seconds} s, ${triggerCount} triggers in rotation; saturation ${saturate}/s for ${quick ? 10 : 30} s`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} at start (the benchmark shares the CPU with whatever else runs)`,
  );
  const cluster = databases.includes('postgres') ? await startPostgres() : undefined;
  const rows: Row[] = [];
  console.log(HEADER);
  try {
    for (const db of databases) {
      for (const transport of transports) {
        for (const phase of ['steady', 'saturate'] as const) {
          if (phase === 'saturate' && saturate <= 0) continue;
          let env: Record<string, string> = {};
          let dropDb: (() => Promise<void>) | undefined;
          if (db === 'postgres' && cluster) {
            const name = `ingest_${Date.now()}`;
            const admin = new pg.Client({ connectionString: cluster.url });
            await admin.connect();
            await admin.query(`create database ${name}`);
            await admin.end();
            const url = new URL(cluster.url);
            url.pathname = `/${name}`;
            env = { DATABASE_URL: url.toString() };
            dropDb = async () => {
              const dropper = new pg.Client({ connectionString: cluster.url });
              await dropper.connect();
              await dropper.query(`drop database if exists ${name} with (force)`);
              await dropper.end();
            };
          }
          // Saturation: fewer devices, each faster than a person would detect, so the offered rate
          // is the writer's problem rather than the load generator's.
          const satListeners = Math.min(listeners, 500);
          const rate = phase === 'saturate' ? saturate / satListeners : 1;
          if (phase === 'saturate') env.BENCH_DEVICE_PER_MINUTE = String(Math.ceil(rate * 60 * 2));
          const server = await startServer(env);
          try {
            // Enough triggers that one device meets each at most every 3 s (the gap is 2 s), within
            // the 60 distinct triggers a device may report an hour.
            const seeded = phase === 'saturate' ? Math.min(60, Math.ceil(rate * 3) + 1) : triggerCount;
            const { cookie, ids } = await seed(server.baseUrl, seeded);
            const result = await runLoad({
              baseUrl: server.baseUrl,
              transport,
              listeners: phase === 'saturate' ? satListeners : listeners,
              rate,
              seconds: phase === 'saturate' ? (quick ? 10 : 30) : seconds,
              publicTriggerIds: ids,
              drainMs: 60_000,
            });
            const row: Row = {
              db: db === 'default' ? 'default (embedded PostgreSQL 17)' : 'PostgreSQL 15 (Debian)',
              transport,
              load:
                phase === 'saturate'
                  ? `saturate ${saturate}/s (${satListeners} devices)`
                  : `${listeners} × 1/s × ${seconds} s`,
              result,
              stored: await storedCount(server.baseUrl, cookie),
            };
            rows.push(row);
            printRow(row);
            console.log(`  (load average after the phase: ${loadavg()[0]?.toFixed(1)})`);
          } finally {
            await server.stop();
            await dropDb?.();
          }
        }
      }
    }
  } finally {
    cluster?.stop();
  }
  console.log(
    '\nsilently lost = detections never answered at all + acknowledged ones missing from the database.',
  );
  console.log(
    'busy answers = 503/429, overloaded or rate-limited answers, and 15 s client timeouts, each followed by a resend;',
  );
  console.log(
    'still retrying = detections whose every answer so far was busy when the 60 s drain ended (told, not lost).',
  );
}

// Clients still backing off when the drain ends would keep the process alive: the figures are out.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
