// `npm run bench:db`: each database candidate behind the real app, measured the same way:
// memory of the whole server process tree, HTTP read throughput (autocannon) on three
// representative GET routes, and activation ingest (single-row and batched transactions).
// Options: --quick (short runs), --only=pglite,embedded,...  Figures: docs/database-benchmark.md.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres.ts';
import { freePort } from '../api/server-process.ts';
import type { FromServer, ToServer } from './bench-server.ts';
import { CANDIDATES, type Candidate, LABELS } from './candidates.ts';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const candidates = CANDIDATES.filter((c) => !only || only.includes(c));
const READ_SECONDS = quick ? 3 : 10;
const CONNECTIONS = 10;
const INGEST = quick ? { rows: 5_000, batch: 200, single: 200 } : { rows: 20_000, batch: 200, single: 1_000 };
const TRIGGERS = 10;

interface Result {
  candidate: Candidate;
  startMb: { rss: number; pss: number };
  idleMb: { rss: number; pss: number };
  reads: Record<string, { rps: number; p99: number }>;
  batchedPerSecond: number;
  singlePerSecond: number;
}

/** Sum over `pid` and every descendant (the embedded server's postgres processes included). */
function treeMemoryMb(pid: number): { rss: number; pss: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  let rss = 0;
  let pss = 0;
  for (const member of tree) {
    try {
      const rollup = readFileSync(`/proc/${member}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { rss: Math.round(rss / 1024), pss: Math.round(pss / 1024) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function nextMessage<T extends FromServer['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before '${type}'`)));
  });
}

async function post(baseUrl: string, url: string, body: object, cookie?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

async function read(url: string, cookie: string): Promise<{ rps: number; p99: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: READ_SECONDS,
    headers: { cookie },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function externalDatabase(server: EmbeddedPostgres | undefined): Promise<string> {
  const adminUrl = process.env.BENCH_EXTERNAL_URL ?? server?.adminUrl;
  if (!adminUrl) throw new Error('no external PostgreSQL');
  const name = `tonemark_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(candidate: Candidate, external: EmbeddedPostgres | undefined): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tonemark-dbbench-${candidate}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_CANDIDATE: candidate,
      DATA_DIR: dataDir,
      PORT: String(port),
      BENCH_EXTERNAL_URL: candidate === 'external' ? await externalDatabase(external) : undefined,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await nextMessage(child, 'listening');
    const pid = child.pid ?? 0;
    const startMb = treeMemoryMb(pid);
    const register = await post(baseUrl, '/api/auth/register', {
      email: 'bench@example.com',
      password: 'password-123',
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i < TRIGGERS; i++) {
      await post(
        baseUrl,
        '/api/triggers',
        { name: `Bench ${i}`, type: 'URL', actionData: `https://example.com/${i}` },
        cookie,
      );
    }
    const ingested = nextMessage(child, 'ingested');
    child.send({ type: 'ingest', ...INGEST } satisfies ToServer);
    const { batchedPerSecond, singlePerSecond } = await ingested;
    const reads: Result['reads'] = {};
    for (const route of ['/api/triggers', '/api/activations', '/api/analytics/summary']) {
      reads[route] = await read(`${baseUrl}${route}`, cookie);
    }
    // Past node-postgres' 10 s idle timeout, so the pool's idle connections have closed as they would.
    await sleep(15_000);
    const idleMb = treeMemoryMb(pid);
    return { candidate, startMb, idleMb, reads, batchedPerSecond, singlePerSecond };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(results: Result[]): string {
  const routes = Object.keys(results[0]?.reads ?? {});
  const base = results.find((r) => r.candidate === 'external');
  const lines = [
    `| candidate | RSS at start (MB) | idle RSS / PSS after load (MB) | ${routes.map((r) => `GET ${r} req/s (p99 ms)`).join(' | ')} | slowest read vs external | ingest batched / single-row (activations/s) |`,
    `|---|---:|---:|${routes.map(() => '---:').join('|')}|---:|---:|`,
  ];
  for (const r of results) {
    const ratio = base
      ? Math.max(...routes.map((route) => (base.reads[route]?.rps ?? 0) / (r.reads[route]?.rps ?? 1)))
      : Number.NaN;
    lines.push(
      `| ${LABELS[r.candidate]} | ${r.startMb.rss} | ${r.idleMb.rss} / ${r.idleMb.pss} | ${routes
        .map((route) => `${r.reads[route]?.rps} (${r.reads[route]?.p99})`)
        .join(
          ' | ',
        )} | ${Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`} | ${Math.round(r.batchedPerSecond)} / ${Math.round(r.singlePerSecond)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  let externalDir: string | undefined;
  let external: EmbeddedPostgres | undefined;
  if (candidates.includes('external') && !process.env.BENCH_EXTERNAL_URL) {
    // The same PostgreSQL 17 binaries and settings, run by the bench: outside the measured tree.
    externalDir = mkdtempSync(path.join(tmpdir(), 'tonemark-dbbench-external-'));
    external = await startEmbeddedPostgres({ dataDir: externalDir, database: 'postgres', log: () => {} });
  }
  const results: Result[] = [];
  try {
    for (const candidate of candidates) {
      console.log(`measuring ${LABELS[candidate]} ...`);
      results.push(await measure(candidate, external));
    }
  } finally {
    await external?.stop();
    if (externalDir) rmSync(externalDir, { recursive: true, force: true });
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${READ_SECONDS} s × ${CONNECTIONS} connections per route, ingest ${INGEST.rows} rows in batches of ${INGEST.batch} and ${INGEST.single} single-row transactions, ${TRIGGERS} triggers\n`,
  );
  console.log(table(results));
}

await main();
