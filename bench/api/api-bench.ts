import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { requestsPerSecond } from './http-ratios.ts';
import { type ExportFigures, timeExport, timeGet } from './measure.ts';
import { growActivations, seedTriggers, TRIGGERS } from './seed.ts';
import { type RunningServer, startProcess, startTonemark } from './server-process.ts';

// npm run bench:api [-- --quick] [--tiers=10000,100000] [--drivers=embedded,postgres]
// The growth table (summary, activity, activations page, CSV export at each table size, on the
// embedded default and on PostgreSQL) and the HTTP ratios against a bare Fastify. Prints figures,
// asserts nothing; a full run writes docs/api-benchmark.md.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const tiers = (arg('tiers') ?? (quick ? '10000,100000' : '10000,100000,1000000')).split(',').map(Number);
const drivers = (arg('drivers') ?? 'embedded,postgres').split(',') as Driver[];
// Single requests take a few ms, so the machine's load moves their median: many runs steady it.
const runs = quick ? 5 : 51;
const loadSeconds = quick ? 3 : 10;

type Driver = 'embedded' | 'postgres';
const DRIVER_LABEL: Record<Driver, string> = {
  embedded: 'embedded PostgreSQL (default)',
  postgres: 'PostgreSQL',
};

interface TierFigures {
  rows: number;
  summary: number;
  activity: number;
  page: number;
  exportFigures: ExportFigures;
}
interface HttpFigures {
  name: string;
  rps: number;
  /** The bare Fastify measured just before, under the same load on the shared machine. */
  bareRps: number;
}

async function register(server: RunningServer, email: string): Promise<{ cookie: string; id: number }> {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const body = (await response.json()) as { user: { id: number } };
  return { cookie, id: body.user.id };
}

interface ClusterModule {
  startPostgres(): Promise<{ url: string; stop(): void }>;
}

async function postgresServer(): Promise<{ adminUrl: string; stop(): void }> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: () => {} };
  const cluster = (await import(
    pathToFileURL(path.join(root, 'scripts/postgres-cluster.mjs')).href
  )) as ClusterModule;
  const started = await cluster.startPostgres();
  return { adminUrl: started.url, stop: started.stop };
}

async function freshPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tonemark_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function benchDriver(driver: Driver, adminUrl: string | undefined, bareUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-api-bench-'));
  const database = driver === 'postgres' && adminUrl ? await freshPostgresDatabase(adminUrl) : undefined;
  const figures: TierFigures[] = [];
  const http: HttpFigures[] = [];
  try {
    let server = await startTonemark(dataDir, database?.url);
    await register(server, 'admin@bench.example');
    const creator = await register(server, 'creator@bench.example');
    await server.stop();
    await seedTriggers(dataDir, database?.url, creator.id);
    for (const [index, rows] of tiers.entries()) {
      const seeding = performance.now();
      await growActivations(dataDir, database?.url, rows);
      const seeded = ((performance.now() - seeding) / 1000).toFixed(1);
      server = await startTonemark(dataDir, database?.url);
      try {
        const get = (p: string) => timeGet(`${server.url}${p}`, creator.cookie, runs);
        const tier: TierFigures = {
          rows,
          summary: await get('/api/analytics/summary'),
          activity: await get('/api/analytics/activity?range=30d&device=ios'),
          page: await get('/api/activations/page?limit=10'),
          exportFigures: await timeExport(server, creator.cookie),
        };
        figures.push(tier);
        console.log(
          `  ${DRIVER_LABEL[driver]} ${rows.toLocaleString('en')} rows (seeded in ${seeded} s): summary ${tier.summary.toFixed(1)} ms, activity ${tier.activity.toFixed(1)} ms, page ${tier.page.toFixed(1)} ms, CSV ${tier.exportFigures.rows.toLocaleString('en')} rows in ${(tier.exportFigures.ms / 1000).toFixed(2)} s (+${tier.exportFigures.rssGrowthMb.toFixed(0)} MB RSS)`,
        );
        if (index === tiers.length - 1) {
          for (const [name, p] of [
            ['GET /api/triggers?page=1&pageSize=5 (Manage Triggers)', '/api/triggers?page=1&pageSize=5'],
            [`GET /api/triggers (all ${TRIGGERS})`, '/api/triggers'],
            ['GET /api/analytics/summary', '/api/analytics/summary'],
            ['GET /api/activations/page?limit=10', '/api/activations/page?limit=10'],
          ] as const) {
            const bareRps = await requestsPerSecond(bareUrl, loadSeconds);
            const rps = await requestsPerSecond(`${server.url}${p}`, loadSeconds, creator.cookie);
            http.push({ name, rps, bareRps });
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { driver, figures, http };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const rowsLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

function growthTable(results: Awaited<ReturnType<typeof benchDriver>>[]): string {
  const header = `| figure | database | ${tiers.map(rowsLabel).join(' | ')} | largest ÷ ${rowsLabel(tiers[0] ?? 0)} |`;
  const lines = [header, `|---|---|${tiers.map(() => '---:').join('|')}|---:|`];
  const metrics: [string, (t: TierFigures) => number, (v: number) => string][] = [
    ['summary (ms)', (t) => t.summary, fmt],
    ['activity, 30 days, iOS (ms)', (t) => t.activity, fmt],
    ['activations page, with its count (ms)', (t) => t.page, fmt],
    ['CSV export, every row (s)', (t) => t.exportFigures.ms / 1000, (v) => v.toFixed(2)],
    ['CSV export server RSS growth (MB)', (t) => t.exportFigures.rssGrowthMb, (v) => v.toFixed(0)],
  ];
  for (const [name, pick, show] of metrics) {
    for (const result of results) {
      const values = result.figures.map(pick);
      const ratio = values.length > 1 ? `${((values.at(-1) ?? 0) / (values[0] || 1)).toFixed(2)}×` : '–';
      lines.push(`| ${name} | ${DRIVER_LABEL[result.driver]} | ${values.map(show).join(' | ')} | ${ratio} |`);
    }
  }
  return lines.join('\n');
}

function httpTable(results: Awaited<ReturnType<typeof benchDriver>>[]): string {
  const lines = [
    `| request (${rowsLabel(tiers.at(-1) ?? 0)} activations, ${TRIGGERS} triggers) | database | req/s | bare Fastify req/s just before | % of bare |`,
    '|---|---|---:|---:|---:|',
  ];
  for (const result of results) {
    for (const h of result.http) {
      lines.push(
        `| ${h.name} | ${DRIVER_LABEL[result.driver]} | ${h.rps.toFixed(0)} | ${h.bareRps.toFixed(0)} | ${((h.rps / h.bareRps) * 100).toFixed(1)} % |`,
      );
    }
  }
  return lines.join('\n');
}

/** The targets against the figures, each marked met or not (nothing asserted). */
function targetsTable(results: Awaited<ReturnType<typeof benchDriver>>[]): string {
  const lines = ['| target | figure | met |', '|---|---|---|'];
  const add = (target: string, figure: string, met: boolean) =>
    lines.push(`| ${target} | ${figure} | ${met ? 'yes' : 'NO'} |`);
  const pg = results.find((r) => r.driver === 'postgres');
  const embedded = results.find((r) => r.driver === 'embedded');
  const largest = rowsLabel(tiers.at(-1) ?? 0);
  const checks: [string, (t: TierFigures) => number, number][] = [
    ['summary', (t) => t.summary, 50],
    ['activity', (t) => t.activity, 50],
    ['activations page', (t) => t.page, 30],
  ];
  if (pg && pg.figures.length > 0) {
    const first = pg.figures[0] as TierFigures;
    const last = pg.figures.at(-1) as TierFigures;
    for (const [name, pick, limit] of checks) {
      add(`PostgreSQL ${name} at ${largest} ≤ ${limit} ms`, `${fmt(pick(last))} ms`, pick(last) <= limit);
      add(
        `PostgreSQL ${name} at ${largest} ≤ 2× its ${rowsLabel(first.rows)} figure`,
        `${(pick(last) / pick(first)).toFixed(2)}×`,
        pick(last) <= 2 * pick(first),
      );
      if (embedded?.figures.length) {
        const e = embedded.figures.at(-1) as TierFigures;
        add(
          `embedded ${name} at ${largest} ≤ 2× PostgreSQL`,
          `${(pick(e) / pick(last)).toFixed(2)}×`,
          pick(e) <= 2 * pick(last),
        );
      }
    }
  }
  for (const result of results) {
    const last = result.figures.at(-1);
    if (last) {
      add(
        `${DRIVER_LABEL[result.driver]} CSV of ${largest} rows: server RSS growth ≤ 150 MB`,
        `${last.exportFigures.rssGrowthMb.toFixed(0)} MB, ${last.exportFigures.rows.toLocaleString('en')} rows`,
        last.exportFigures.rssGrowthMb <= 150 && last.exportFigures.rows === last.rows,
      );
    }
    for (const h of result.http.filter((x) => !x.name.includes('(all'))) {
      const percent = (h.rps / h.bareRps) * 100;
      add(
        `${DRIVER_LABEL[result.driver]} ${h.name} ≥ 5 % of bare Fastify`,
        `${percent.toFixed(1)} %`,
        percent >= 5,
      );
    }
  }
  return lines.join('\n');
}

/** The 1-minute load average, sampled every 5 s through the run: the doc says how busy the machine was. */
function sampleLoad(): { stop(): string } {
  const samples: number[] = [loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), 5000);
  return {
    stop: () => {
      clearInterval(timer);
      const sorted = [...samples].sort((a, b) => a - b);
      const mean = samples.reduce((sum, v) => sum + v, 0) / samples.length;
      return `load average (1 min) ${(sorted[0] ?? 0).toFixed(1)}–${(sorted.at(-1) ?? 0).toFixed(1)}, mean ${mean.toFixed(1)}, over ${samples.length} samples`;
    },
  };
}

async function main() {
  const load = sampleLoad();
  console.log(
    `bench:api ${quick ? 'quick' : 'full'}: tiers ${tiers.map(rowsLabel).join(', ')}; ${drivers.join(', ')}; ${runs} timed requests each; ${loadSeconds} s load runs; ${cpus().length} CPUs`,
  );
  // The bare server runs throughout: each app figure is paired with a bare run just before it,
  // so load from other work on the machine weighs on both sides of the ratio alike.
  const bareServer = await startProcess('bench/api/bare-fastify.ts', {}, '/');
  const postgres = drivers.includes('postgres') ? await postgresServer() : undefined;
  const results: Awaited<ReturnType<typeof benchDriver>>[] = [];
  try {
    for (const driver of drivers)
      results.push(await benchDriver(driver, postgres?.adminUrl, `${bareServer.url}/`));
  } finally {
    postgres?.stop();
    await bareServer.stop();
  }
  const loadLine = load.stop();
  const growth = growthTable(results);
  const ratios = httpTable(results);
  const targets = targetsTable(results);
  console.log(
    `\n${loadLine}\n\nGrowth (median of ${runs} requests; one CSV export per tier)\n${growth}\n\nHTTP (autocannon, 10 connections, ${loadSeconds} s)\n${ratios}\n\nTargets\n${targets}`,
  );
  if (!quick && !args.includes('--no-write')) {
    const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const doc = `# API benchmark\n\nLatest full run of \`npm run bench:api\`, ${stamp} UTC, ${cpus().length} CPUs shared with other work (${loadLine}). One creator, ${TRIGGERS} triggers, activations over 90 days seeded with bulk SQL; each figure is the median of ${runs} sequential requests over HTTP to the server in its own process (NODE_ENV=production, LOG_LEVEL=warn). docs/api-benchmark-notes.md explains the figures and the targets not met.\n\n## Growth\n\n${growth}\n\n## HTTP against a bare Fastify\n\nautocannon, 10 connections, ${loadSeconds} s each, the bare server and the app each in their own process; each app figure is paired with a bare run just before it.\n\n${ratios}\n\n## Targets\n\n${targets}\n`;
    writeFileSync(path.join(root, 'docs/api-benchmark.md'), doc);
    console.log('\nwrote docs/api-benchmark.md');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
