import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../api/server-process.ts';

// npm run bench:catalogue [-- --seconds 10 --triggers 500]
// Requests per second of the public catalogue (500 active triggers, served from memory) against
// a bare Fastify hello-world started by the benchmark itself, same client, same machine.

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1] || 10) || 10;
const triggers = Number(process.argv[process.argv.indexOf('--triggers') + 1] || 500) || 500;
const CONNECTIONS = 32;

async function start(
  script: string,
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('npx', ['tsx', script], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; ) {
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      if (child.pid && child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }
    },
  };
}

/** CONNECTIONS keep-alive loops for `seconds`; counts complete 2xx/304 answers. */
async function measure(
  url: string,
  headers: Record<string, string>,
): Promise<{ rps: number; bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let bytes = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent, headers }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        response.on('end', () => {
          if ((response.statusCode ?? 500) < 400) {
            done += 1;
            bytes = size;
          }
          resolve();
        });
      });
      request.on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  return { rps: done / seconds, bytes };
}

async function main() {
  console.log(
    `bench:catalogue ${new Date().toISOString()} — ${triggers} active triggers, ${seconds} s per row, ${CONNECTIONS} connections`,
  );
  const bare = await start('bench/catalogue/bare-fastify.ts', {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-catalogue-'));
  const app = await start('bench/ingest/bench-server.ts', { DATA_DIR: dataDir });
  try {
    const register = await fetch(`${app.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'password-123' }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i < triggers; i++) {
      const tone = (n: number) => 500 + (n % 31) * 50;
      const response = await fetch(`${app.url}/api/triggers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          name: `Catalogue ${i}`,
          type: 'URL',
          actionData: `https://example.com/${i}`,
          isPublic: i % 5 === 0,
          frequencyPattern: [tone(i), tone(i * 7 + 3), tone(i * 13 + 5), tone(i * 17 + 11)],
        }),
      });
      if (response.status !== 201)
        throw new Error(`trigger ${i}: ${response.status} ${await response.text()}`);
    }
    const etag = (await fetch(`${app.url}/api/listener/catalogue`)).headers.get('etag') ?? '';
    const base = await measure(`${bare.url}/`, {});
    console.log('| route | req/s | % of bare Fastify | body bytes |\n|---|---|---|---|');
    console.log(`| bare Fastify GET / | ${base.rps.toFixed(0)} | 100 % | ${base.bytes} |`);
    for (const [label, headers] of [
      ['catalogue, brotli', { 'accept-encoding': 'gzip, deflate, br' }],
      ['catalogue, gzip', { 'accept-encoding': 'gzip' }],
      ['catalogue, identity', {}],
      ['catalogue, 304 (If-None-Match)', { 'if-none-match': etag, 'accept-encoding': 'br' }],
    ] as const) {
      const row = await measure(`${app.url}/api/listener/catalogue`, headers);
      console.log(
        `| ${label} | ${row.rps.toFixed(0)} | ${((100 * row.rps) / base.rps).toFixed(0)} % | ${row.bytes} |`,
      );
    }
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
