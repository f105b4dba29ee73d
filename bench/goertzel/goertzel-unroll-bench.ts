/**
 * npx tsx bench/goertzel/goertzel-unroll-bench.ts [--filters 8,32,96] [--run 128,512] [--rounds 7]
 *
 * Does GoertzelLane's four-filters-per-pass loop still pay for itself? Times the real lane both
 * ways, in Node and in Chromium (Debian's, through playwright-core): `unrolled` is one lane over
 * all the filters (four per pass), `plain` is one lane per filter, which runs the lane's
 * one-filter loop only (the plain loop the unroll replaced). Prints ns per filter per sample, the
 * fastest of the rounds, and the ratio. The `run` is how many samples one call filters: 128 is an
 * AudioWorklet block, 512 a hop.
 */
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { launchBenchChromium } from '../chromium.ts';
import { measureGoertzelUnroll, type UnrollFigure } from './measure-goertzel-unroll.ts';

const { values } = parseArgs({
  options: {
    filters: { type: 'string', default: '8,32,96' },
    run: { type: 'string', default: '128,512' },
    rounds: { type: 'string', default: '7' },
  },
});
const filters = values.filters.split(',').map(Number);
const runs = values.run.split(',').map(Number);
const rounds = Number(values.rounds);

function print(engine: string, figures: UnrollFigure[]): void {
  for (const f of figures) {
    console.log(
      `${engine.padEnd(9)} filters ${String(f.filters).padStart(3)}  run ${String(f.run).padStart(4)}  ` +
        `unrolled ${f.unrolledNs.toFixed(3)} ns  plain ${f.plainNs.toFixed(3)} ns  ` +
        `plain/unrolled ${(f.plainNs / f.unrolledNs).toFixed(2)}x`,
    );
  }
}

console.log(`ns per filter per sample, fastest of ${rounds} rounds (Node ${process.version})`);
print('node', measureGoertzelUnroll(filters, runs, rounds));

const bundled = await build({
  entryPoints: [new URL('./measure-goertzel-unroll.ts', import.meta.url).pathname],
  bundle: true,
  format: 'iife',
  globalName: 'GoertzelBench',
  write: false,
  target: 'es2022',
});
const browser = await launchBenchChromium();
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
  const version = `Chromium ${browser.version()}`;
  const figures = await page.evaluate(
    ([f, r, n]) =>
      (
        globalThis as unknown as {
          GoertzelBench: { measureGoertzelUnroll: typeof measureGoertzelUnroll };
        }
      ).GoertzelBench.measureGoertzelUnroll(f, r, n),
    [filters, runs, rounds] as const,
  );
  print(version, figures);
} finally {
  await browser.close();
}
