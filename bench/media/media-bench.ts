// `npm run bench:media`: issue 5's benchmark. Embeds a trigger into a 10-minute 720p MP4 and a
// 10-minute MP3 through the server's pipeline (buildApp listening on 127.0.0.1, the same HTTP
// calls the web app makes) and, in the same run, has plain ffmpeg do the same audio re-encode
// with the video copied. Prints wall and CPU times, their ratios and the peak memory of Node and
// of the ffmpeg children.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastErrorLine, planReplacementAudio, probeMedia, startTool } from '@tonemark/ffmpeg';
import type { EmbedResult, MediaFile } from '@tonemark/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { multipart } from '../../apps/server/src/features/media/testing/multipart.ts';
import { openBenchDatabase } from './bench-database.ts';
import { type BenchInput, ensureBenchInputs } from './bench-inputs.ts';
import { cpuSeconds } from './cpu-time.ts';
import { request } from './http-client.ts';
import { currentRss, peakRss, resetOwnPeak, withChildPeak } from './peak-memory.ts';

const REPEATS = 3;
const EMBED_AT_SEC = 300;
const TARGET_RATIO = 1.15;
const TARGET_PEAK_BYTES = 300 * 1024 * 1024;

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../out');
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface Run {
  wall: number;
  cpu: number;
  /** Node's peak resident memory during the call. */
  nodePeak: number;
  /** How far that peak rose above what Node held just before the call. */
  nodeAdded: number;
  childPeak: number;
}

/** Wall time, CPU time (this process and its reaped children) and child peak memory of `work`. */
async function measure(work: () => Promise<void>): Promise<Omit<Run, 'nodePeak' | 'nodeAdded'>> {
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const { childPeak } = await withChildPeak(work);
  const wall = (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds();
  const cpu = cpuAfter.self - cpuBefore.self + (cpuAfter.children - cpuBefore.children);
  return { wall, cpu, childPeak };
}

/** Plain ffmpeg: the same audio codec, bitrate and rate as the pipeline picks, video copied. */
async function plainFfmpeg(input: BenchInput, workDir: string): Promise<Run> {
  const info = await probeMedia(input.path);
  const output = path.join(workDir, `plain${path.extname(input.path)}`);
  const plan = planReplacementAudio(info, input.path, output);
  const rate = info.streams.find((s) => s.kind === 'audio')?.sampleRate ?? 44_100;
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input.path];
  args.push('-map', '0:v?', '-c:v', 'copy', '-map', '0:a:0', '-c:a', plan.codec);
  if (plan.bitRate !== undefined) args.push('-b:a', String(plan.bitRate));
  args.push('-ar', String(rate), output);
  const run = await measure(async () => {
    const { child, done } = startTool('ffmpeg', args);
    child.stdin.end();
    const { code, stderr } = await done;
    if (code !== 0) throw new Error(`plain ffmpeg failed: ${lastErrorLine(stderr)}`);
  });
  rmSync(output, { force: true });
  return { ...run, nodePeak: 0, nodeAdded: 0 };
}

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const inputs = await ensureBenchInputs(outDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tonemark-media-bench-'));
  const workDir = path.join(dataDir, 'plain');
  mkdirSync(workDir, { recursive: true });
  const { database, label: databaseLabel, stop: stopDatabase } = await openBenchDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The bench MP4 is larger than the 100 MB product limit; the limit is not what is measured.
    MEDIA_MAX_UPLOAD_MB: '2048',
  });
  const app = await buildApp({ config, database, logger: false });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const register = await request(base, 'POST', '/api/auth/register', {
      json: { email: 'bench@example.com', password: 'password-123' },
    });
    const cookie = (register.setCookie[0] ?? '').split(';')[0] ?? '';
    const headers = { cookie };
    const trigger = JSON.parse(
      (
        await request(base, 'POST', '/api/triggers', {
          headers,
          json: { name: 'Bench', type: 'URL', actionData: 'https://example.com' },
        })
      ).body,
    ) as { id: number };

    console.log(`\nmedia bench: embed at ${EMBED_AT_SEC} s; median of ${REPEATS} alternating runs each`);
    console.log(`database: ${databaseLabel}`);
    console.log(`Node with the app loaded: ${mb(currentRss())} resident\n`);
    const rows: string[][] = [];
    const details: string[] = [];
    let allMet = true;
    for (const input of inputs) {
      const form = multipart(
        { title: input.label },
        {
          field: 'mediaFile',
          filename: path.basename(input.path),
          content: { kind: 'path', path: input.path },
        },
      );
      const uploaded = await request(base, 'POST', '/api/media/upload', {
        headers: { ...form.headers, ...headers },
        stream: form.payload,
      });
      if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.body}`);
      const media = JSON.parse(uploaded.body) as MediaFile;

      const pipeline = async (): Promise<Run> => {
        const before = currentRss();
        resetOwnPeak();
        let answer = { status: 0, body: '' };
        const run = await measure(async () => {
          answer = await request(base, 'POST', '/api/media/embed', {
            headers,
            json: { mediaId: media.id, triggerId: trigger.id, startTime: EMBED_AT_SEC },
          });
        });
        const nodePeak = peakRss('self') ?? 0;
        if (answer.status !== 201) throw new Error(`embed failed: ${answer.body}`);
        const embedded = JSON.parse(answer.body) as EmbedResult;
        await request(base, 'DELETE', `/api/media/${embedded.id}`, { headers });
        return { ...run, nodePeak, nodeAdded: Math.max(0, nodePeak - before) };
      };

      // One untimed round warms the page cache for both.
      await plainFfmpeg(input, workDir);
      await pipeline();
      const plain: Run[] = [];
      const ours: Run[] = [];
      for (let i = 0; i < REPEATS; i++) {
        plain.push(await plainFfmpeg(input, workDir));
        ours.push(await pipeline());
      }
      const list = (runs: Run[], key: 'wall' | 'cpu') => runs.map((r) => r[key].toFixed(1)).join(', ');
      details.push(
        `${input.label}: plain wall ${list(plain, 'wall')} s, CPU ${list(plain, 'cpu')} s; ` +
          `pipeline wall ${list(ours, 'wall')} s, CPU ${list(ours, 'cpu')} s`,
      );
      const wallRatio = median(ours.map((r) => r.wall)) / median(plain.map((r) => r.wall));
      const cpuRatio = median(ours.map((r) => r.cpu)) / median(plain.map((r) => r.cpu));
      const nodePeak = Math.max(...ours.map((r) => r.nodePeak));
      const nodeAdded = Math.max(...ours.map((r) => r.nodeAdded));
      const childPeak = Math.max(...ours.map((r) => r.childPeak));
      // The pipeline's own memory: what Node added during the call plus the ffmpeg child.
      const met = Math.min(wallRatio, cpuRatio) <= TARGET_RATIO && nodeAdded + childPeak <= TARGET_PEAK_BYTES;
      allMet &&= met;
      rows.push([
        input.label,
        `${median(plain.map((r) => r.wall)).toFixed(2)} s`,
        `${median(ours.map((r) => r.wall)).toFixed(2)} s`,
        wallRatio.toFixed(3),
        `${median(plain.map((r) => r.cpu)).toFixed(2)} s`,
        `${median(ours.map((r) => r.cpu)).toFixed(2)} s`,
        cpuRatio.toFixed(3),
        mb(Math.max(...plain.map((r) => r.childPeak))),
        `${mb(nodeAdded)} + ${mb(childPeak)} = ${mb(nodeAdded + childPeak)}`,
        `${mb(nodePeak)} + ${mb(childPeak)} = ${mb(nodePeak + childPeak)}`,
        met ? 'yes' : 'NO',
      ]);
    }
    table(
      [
        'input',
        'plain wall',
        'pipeline wall',
        'ratio',
        'plain CPU',
        'pipeline CPU',
        'ratio',
        'plain ffmpeg peak',
        'pipeline memory: node added + ffmpeg',
        'absolute peak: node + ffmpeg',
        'target met',
      ],
      rows,
    );
    console.log(`\nevery run:\n${details.join('\n')}`);
    console.log(
      `\ntargets: time ratio <= ${TARGET_RATIO}, peak memory <= ${mb(TARGET_PEAK_BYTES)}: ${allMet ? 'met' : 'NOT met'}`,
    );
    console.log(
      '(CPU = user + system seconds of Node and its ffmpeg/ffprobe children; steadier than wall time on a busy machine)',
    );
  } finally {
    await app.close();
    await database.close();
    stopDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
