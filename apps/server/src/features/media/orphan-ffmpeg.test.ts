import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateTool } from '@tonemark/ffmpeg';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('../../server.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Live processes whose command line mentions `marker`. */
function processesMentioning(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmdline.includes(marker) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

function freePort(): Promise<number> {
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

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error('server did not start');
    await sleep(200);
  }
}

// Issue 11 item 3, measured end to end: a real server runs a long embed, is killed with -9, and
// is started again on the same DATA_DIR.
describe.runIf(process.platform === 'linux')('no ffmpeg outlives a killed server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-orphan-server-'));
  const servers: ChildProcess[] = [];
  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    for (const pid of processesMentioning(dataDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no ffmpeg 10 s after a kill -9 and a restart, and the job is marked error', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    servers.push(await startServer(dataDir, port));
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'password-123' }),
    });
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const trigger = (await (
      await fetch(`${base}/api/triggers`, json({ name: 'Long job', type: 'CUSTOM', actionData: 'x' }))
    ).json()) as { id: number };

    // 2.5 hours of 48 kHz stereo noise kept as FLAC: a render that runs for many seconds.
    const source = path.join(dataDir, 'long.flac');
    execFileSync(locateTool('ffmpeg').path, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=stereo', '-t', '9000'],
      ...['-c:a', 'flac', '-y', source],
    ]);
    const form = new FormData();
    form.set('mediaFile', new Blob([readFileSync(source)]), 'long.flac');
    const uploaded = await fetch(`${base}/api/media/upload`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const media = (await uploaded.json()) as { id: number };

    const embed = fetch(`${base}/api/media/embed`, json({ mediaId: media.id, triggerId: trigger.id }));
    embed.catch(() => {}); // the server dies under it
    const tmp = path.join(dataDir, 'tmp');
    const deadline = Date.now() + 20_000;
    while (processesMentioning(tmp).length === 0 && Date.now() < deadline) await sleep(50);
    expect(processesMentioning(tmp).length).toBeGreaterThan(0);

    servers[0]?.kill('SIGKILL');
    servers.push(await startServer(dataDir, port));
    await sleep(10_000);
    const left = processesMentioning(tmp);
    console.log(
      `[orphan] ffmpeg processes writing into DATA_DIR/tmp 10 s after kill -9 and restart: ${left.length}`,
    );
    expect(left).toEqual([]);
    const row = await (await fetch(`${base}/api/media`, { headers: { cookie } })).json();
    expect(row).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'error', parentMediaId: media.id })]),
    );
  }, 120_000);
});
