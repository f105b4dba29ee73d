/**
 * npm run bench:browser-cpu [-- --triggers 24,1000 --detectors coherent,robust,dual --seconds 20 --block 512]
 *
 * The listener's detector in Chromium: bundles @tonemark/audio for the browser, runs each
 * detector (`coherent`, the listener's default, and `robust`, the field detector) in a page on
 * synthetic busy music at 48 kHz, fed blocks of `LISTENER_BLOCK_SIZE` samples as the listener's
 * AudioWorklet posts them, and prints the CPU it takes per second of audio for each number of active triggers: the
 * renderer process's CPU time as Chromium reports it (SystemInfo.getProcessInfo), beside the wall
 * time, which a busy shared machine inflates. Real time holds while that stays well under
 * 1000 ms/s (the detector runs on the page's main thread: docs/decisions/listener-audio-path.md).
 * Latest figures: docs/browser-cpu.md.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { LISTENER_BLOCK_SIZE } from '../packages/audio/src/engine-constants.ts';
import { launchBenchChromium } from './chromium.ts';
import { exitOnHelp } from './cli-help.ts';

exitOnHelp(import.meta.url);

const here = dirname(fileURLToPath(import.meta.url));
const audioSrc = join(dirname(here), 'packages', 'audio', 'src');

type Kind = 'coherent' | 'robust' | 'dual';

interface PageResult {
  kind: Kind;
  triggers: number;
  setupMs: number;
  cpuMsPerSec: number;
  worstBlockMs: number;
  detections: number;
}

async function bundle(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'tonemark-browser-cpu-'));
  try {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `export { createDetector } from ${JSON.stringify(join(audioSrc, 'index.ts'))};\n` +
        `export { busyMusic, seededRandom } from ${JSON.stringify(join(audioSrc, 'testing', 'synthetic-audio.ts'))};\n`,
    );
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'iife',
      globalName: 'Tonemark',
      write: false,
      target: 'es2022',
    });
    return out.outputFiles[0]?.text ?? '';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      triggers: { type: 'string' },
      detectors: { type: 'string' },
      seconds: { type: 'string' },
      block: { type: 'string' },
    },
  });
  const counts = (values.triggers ?? '24,1000').split(',').map(Number);
  const kinds = (values.detectors ?? 'coherent,robust').split(',').map((kind): Kind => {
    if (kind !== 'coherent' && kind !== 'robust' && kind !== 'dual')
      throw new Error(`--detectors: unknown detector ${kind}`);
    return kind;
  });
  const seconds = Number(values.seconds ?? 20);
  // The listeners' block by default; another size to see what the block costs.
  const blockSize = Number(values.block ?? LISTENER_BLOCK_SIZE);
  if (!Number.isInteger(blockSize) || blockSize < 128) throw new Error('--block must be an integer >= 128');
  const code = await bundle();
  const browser = await launchBenchChromium();
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>detector cpu</title>');
    await page.addScriptTag({ content: code });
    process.stdout.write(
      `Chromium ${browser.version()}, 48 kHz, ${blockSize}-sample blocks, ${seconds} s of synthetic busy music\n`,
    );
    // The renderer's own CPU time, as Chromium accounts it (10 ms resolution): on a shared
    // machine wall time also counts the time other processes held the core.
    const cdp = await browser.newBrowserCDPSession();
    const rendererCpuSec = async (): Promise<number> => {
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: { type: string; cpuTime: number }[];
      };
      return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
    };
    process.stdout.write(
      `detector  triggers  set-up ms  CPU ms per s of audio  share of real time  wall ms per s  worst block ms (block = ${((blockSize / 48_000) * 1000).toFixed(1)} ms)\n`,
    );
    for (const kind of kinds)
      for (const count of counts) {
        const setupMs = await page.evaluate(
          ({ kind, count, seconds, block }): number => {
            type Engine = {
              createDetector: (
                kind: Kind,
                o: { sampleRate: number; triggers: unknown[] },
              ) => {
                push(b: Float32Array): unknown[];
              };
              busyMusic: (rate: number, seconds: number, seed: number, peak?: number) => Float32Array;
              seededRandom: (seed: number) => () => number;
            };
            const engine = (globalThis as unknown as { Tonemark: Engine }).Tonemark;
            const random = engine.seededRandom(count);
            const triggers = Array.from({ length: count }, (_, i) => ({
              id: i,
              frequencyPattern: Array.from({ length: 4 }, () => 500 + 50 * Math.floor(random() * 31)),
            }));
            const rate = 48_000;
            // The worklet transfers each block, so the detector gets fresh arrays: cut them first.
            const audio = engine.busyMusic(rate, seconds, 7, 0.3);
            const blocks: Float32Array[] = [];
            for (let at = 0; at + block <= audio.length; at += block)
              blocks.push(audio.slice(at, at + block));
            const started = performance.now();
            const detector = engine.createDetector(kind, { sampleRate: rate, triggers });
            const setup = performance.now() - started;
            Object.assign(globalThis, { benchRun: { detector, blocks } });
            return setup;
          },
          { kind, count, seconds, block: blockSize },
        );
        const cpuBefore = await rendererCpuSec();
        const run = await page.evaluate((): { wallMs: number; worstBlockMs: number; detections: number } => {
          const { detector, blocks } = (
            globalThis as unknown as {
              benchRun: { detector: { push(b: Float32Array): unknown[] }; blocks: Float32Array[] };
            }
          ).benchRun;
          let worst = 0;
          let detections = 0;
          const started = performance.now();
          for (const block of blocks) {
            const t0 = performance.now();
            detections += detector.push(block).length;
            worst = Math.max(worst, performance.now() - t0);
          }
          return { wallMs: performance.now() - started, worstBlockMs: worst, detections };
        });
        const cpuMsPerSec = (((await rendererCpuSec()) - cpuBefore) * 1000) / seconds;
        const result: PageResult = {
          kind,
          triggers: count,
          setupMs,
          cpuMsPerSec,
          worstBlockMs: run.worstBlockMs,
          detections: run.detections,
        };
        const share = `${(result.cpuMsPerSec / 10).toFixed(1)} %`;
        const wall = (run.wallMs / seconds).toFixed(1);
        process.stdout.write(
          `${result.kind.padEnd(8)}  ${String(result.triggers).padEnd(8)}  ${result.setupMs.toFixed(0).padEnd(9)}  ${result.cpuMsPerSec.toFixed(1).padEnd(21)}  ${share.padEnd(18)}  ${wall.padEnd(13)}  ${result.worstBlockMs.toFixed(1)}\n`,
        );
      }
  } finally {
    await browser.close();
  }
}

await main();
