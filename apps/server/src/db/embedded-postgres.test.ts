import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function postmasterPid(clusterDir: string): number {
  return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function count(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>('select count(*)::int as n from kept')).rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('keeps its data across restarts and stops a server orphaned by a crash at the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-embedded-'));
    dirs.push(dataDir);
    const logged: string[] = [];
    const first = await startEmbeddedPostgres({ dataDir, log: (m) => logged.push(m) });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (n int); insert into kept values (1), (2)');
    await client.end();

    // Both this process's watchdog shell and Node "die": the server itself keeps running.
    const orphan = postmasterPid(first.clusterDir);
    process.kill(parentOf(orphan), 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alive(orphan)).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir, log: (m) => logged.push(m) });
    const restarted = postmasterPid(second.clusterDir);
    try {
      expect(alive(orphan)).toBe(false);
      expect(logged.join('\n')).toMatch(/left running by a server that did not shut down/);
      expect(await count(second.url)).toBe(2);
    } finally {
      await second.stop();
    }
    expect(alive(restarted)).toBe(false);
  }, 60_000);
});
