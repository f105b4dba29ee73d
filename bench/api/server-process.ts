import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  pid: number;
  /** Resident memory of the server process now, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within 120 s:\n${output()}`);
}

/** A Node process running `script` (TypeScript through tsx) with `env`, ready once `healthPath` answers. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  healthPath: string,
): Promise<RunningServer> {
  const port = await freePort();
  // The bench's own DATABASE_URL names the PostgreSQL server, not this process's database.
  const { DATABASE_URL: _, ...inherited } = process.env;
  // BENCH_NODE_ARGS (say --cpu-prof) profiles the servers under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}${healthPath}`, child, () => output);
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rss: () => {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The Tonemark server on `database` (a PostgreSQL URL, or the embedded default under dataDir). */
export function startTonemark(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  return startProcess(
    'apps/server/src/server.ts',
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    '/api/health',
  );
}
