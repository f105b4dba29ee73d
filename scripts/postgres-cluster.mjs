// A private, throw-away PostgreSQL cluster for the tests: its own folder, port and socket, so it
// never touches a system cluster and leaves nothing behind.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from './system-deps.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresUid() {
  try {
    return Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  } catch {
    return undefined;
  }
}

export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'tonemark-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the cluster as the postgres user the Debian package made.
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? postgresUid() : undefined;
  if (asRoot && uid === undefined)
    throw new Error('running as root but there is no postgres user to own the cluster');
  if (uid !== undefined) chownSync(dir, uid, uid);
  const run = (cmd, args) => {
    const full = `${bin}/${cmd}`;
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', full, ...args], { stdio: 'pipe' });
    else execFileSync(full, args, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
