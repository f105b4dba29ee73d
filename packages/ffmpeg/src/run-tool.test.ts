import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const runTool = fileURLToPath(new URL('./run-tool.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of live processes whose command line mentions `marker` (the test's private folder). */
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

describe.runIf(process.platform === 'linux')('ffmpeg cannot outlive the process that started it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tonemark-orphan-'));
  let parent: ChildProcess | undefined;
  afterAll(() => {
    parent?.kill('SIGKILL');
    for (const pid of processesMentioning(dir)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('kills a running ffmpeg within 10 s of a kill -9 of its parent', async () => {
    const output = path.join(dir, 'long-render.wav');
    const script = path.join(dir, 'parent.mts');
    // An hour of audio written slowly (-re): the job is still running when the parent dies.
    writeFileSync(
      script,
      `import { startTool } from ${JSON.stringify(runTool)};
const { done } = startTool('ffmpeg', ['-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '3600', '-flush_packets', '1', '-y', ${JSON.stringify(output)}]);
console.log('started');
await done;`,
    );
    parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      parent?.stdout?.on('data', (text: Buffer) => {
        if (text.toString().includes('started')) resolve();
      });
      parent?.once('exit', (code) => reject(new Error(`parent exited early (${code})`)));
    });
    const deadline = Date.now() + 10_000;
    while (processesMentioning(output).length === 0 && Date.now() < deadline) await sleep(50);
    expect(processesMentioning(output).length).toBeGreaterThan(0);
    await sleep(1000);
    const sizeBefore = statSync(output).size;
    expect(sizeBefore).toBeGreaterThan(0);

    parent.kill('SIGKILL');
    const killedAt = Date.now();
    while (processesMentioning(output).length > 0 && Date.now() - killedAt < 10_000) await sleep(50);
    const left = processesMentioning(output);
    console.log(`[orphan] ffmpeg processes left ${Date.now() - killedAt} ms after kill -9: ${left.length}`);
    expect(left).toEqual([]);
    // And nothing keeps writing into the folder.
    const sizeAfter = statSync(output).size;
    await sleep(500);
    expect(statSync(output).size).toBe(sizeAfter);
  }, 30_000);
});
