import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_ATTEMPT } from './webhook-dispatcher.ts';

// The real server as `npm start` runs it (embedded PostgreSQL under DATA_DIR), killed with
// SIGKILL while a webhook attempt is in flight, then started again on the same DATA_DIR.
const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

function spawnServer(dataDir: string, port: number): Server {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ALLOW_PRIVATE_MEDIA_URLS: 'true',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  };
  delete env.DATABASE_URL;
  // node itself, not an npx or tsx wrapper: the SIGKILL must hit the server process.
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startServer(dataDir: string, port: number): Promise<Server> {
  const server = spawnServer(dataDir, port);
  await until(async () => {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    try {
      return (await fetch(`${server.baseUrl}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 'the server to answer');
  return server;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** PostgreSQL server processes whose command line names this DATA_DIR. */
function postgresProcessesOf(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes('postgres') && cmdline.includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('webhook outbox across kill -9', () => {
  let dataDir: string;
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let answer = false;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (answer) response.writeHead(204).end();
      else held.push(response);
    });
  });
  let receiverUrl = '';
  const running: Server[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-crash-'));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    for (const server of running) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }
    }
    for (const response of held) response.destroy();
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the attempt in flight at the kill after the restart, with the same webhook-id', async () => {
    const first = await startServer(dataDir, await freePort());
    running.push(first);
    const registered = await fetch(`${first.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: 'password-123' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const post = (base: string, url: string, body: object) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const webhook = await post(first.baseUrl, '/api/webhooks', {
      url: receiverUrl,
      events: ['trigger.created'],
    });
    expect(webhook.status).toBe(201);
    const endpoint = (await webhook.json()) as { id: number; secret: string };
    const created = await post(first.baseUrl, '/api/triggers', {
      name: 'Crash',
      type: 'CUSTOM',
      actionData: 'hi',
    });
    expect(created.status).toBe(201);

    // The receiver holds the first attempt open: it is in flight when the server dies.
    await until(() => received.length === 1, 'the first attempt');

    // A second server on the same DATA_DIR refuses clearly and leaves the first one's database alone.
    const second = spawnServer(dataDir, await freePort());
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toMatch(/Another Tonemark server \(process \d+\) is already running on DATA_DIR/);

    first.child.kill('SIGKILL');
    await exited(first.child);
    // Its PostgreSQL stops by itself: nothing is left running for the next start to trip over.
    await until(() => postgresProcessesOf(dataDir).length === 0, 'the orphaned PostgreSQL to stop', 20_000);

    answer = true;
    const restarted = await startServer(dataDir, await freePort());
    running.push(restarted);
    await until(() => received.length === 2, 'the retried attempt');

    const [inFlight, retried] = received as [Received, Received];
    expect(retried.headers['webhook-id']).toBe(inFlight.headers['webhook-id']);
    expect(retried.body).toBe(inFlight.body);
    const payload = new Webhook(endpoint.secret).verify(retried.body, {
      'webhook-id': String(retried.headers['webhook-id']),
      'webhook-timestamp': String(retried.headers['webhook-timestamp']),
      'webhook-signature': String(retried.headers['webhook-signature']),
    });
    expect(payload).toMatchObject({ type: 'trigger.created', data: { name: 'Crash' } });

    // Account Settings' delivery log tells the story: cut short by the stop, then delivered.
    await until(async () => {
      const log = await fetch(`${restarted.baseUrl}/api/webhooks/${endpoint.id}/deliveries`, {
        headers: { cookie },
      });
      return ((await log.json()) as unknown[]).length === 2;
    }, 'the logged attempts');
    const log = await fetch(`${restarted.baseUrl}/api/webhooks/${endpoint.id}/deliveries`, {
      headers: { cookie },
    });
    const attempts = (await log.json()) as {
      attempt: number;
      succeeded: boolean;
      error: string | null;
      messageId: string;
    }[];
    expect(attempts.map((a) => [a.attempt, a.succeeded, a.error])).toEqual([
      [2, true, null],
      [1, false, INTERRUPTED_ATTEMPT],
    ]);
    expect(new Set(attempts.map((a) => a.messageId))).toEqual(new Set([retried.headers['webhook-id']]));

    restarted.child.kill('SIGTERM');
    expect(await exited(restarted.child)).toBe(0);
    expect(postgresProcessesOf(dataDir)).toEqual([]);
  }, 180_000);
});
