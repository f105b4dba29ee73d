/**
 * npx tsx bench/engine-ab.ts --base DIR [--branch DIR] [--split tune|heldout] [--conditions clean,reverb]
 *   [--triggers 24,1000] [--triggered-sec 240] [--quiet-sec 0] [--quiet-skip-sec 0] [--count]
 *   [--trigger-seed N] [--min-tone-hz 700] [--suggest-gap]
 *
 * Two builds of the engine on the same audio in one process: this worktree's packages/audio (or
 * the one under --branch) and the one under --base (another worktree or copy of the repository). Both `dual` detectors hear the same
 * conditioned blocks, pushed alternately, so their CPU is measured side by side under the same
 * load; every detection of each is listed, and those that differ are printed (trigger, time, the
 * stream position push() returned it at, speed, tempo, SNR: a report held back reads as a change,
 * as it does in the benchmark's latency). `--count` also counts, per build, the field detector's
 * prescreens (each reads three hypotheses) and scheduled proposals: exact figures, independent of the load, at the price of a
 * call wrapper (CPU figures of a counted run are not comparable with uncounted ones). The stretches
 * are the benchmark's (bench/audio-bench.ts: the same split offsets, seeds, trigger set and decoys);
 * conditions that add plays (overlap, repeat) add them to the triggered stretch as the benchmark
 * does (`extraTriggers`); those that re-signal the programme (ultrasonic, combined) are not
 * supported here. A measurement and a diff, not a check.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Detector } from '@tonemark/audio';
import * as branch from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { type ConditionId, conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import {
  BENCH_SEED,
  parseSplit,
  quietSplitStartSec,
  splitSeed,
  triggeredSplitStartSec,
} from './corpus-split.ts';
import { detectionKey, diffKeys } from './detection-diff.ts';
import { programmeNameOf, type TriggeredProgramme } from './render-triggered-programme.ts';
import { extraTriggers, stretchEvents } from './run-condition.ts';
import { generateDecoys, triggerSetOf } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS, triggerSetRecipeOf } from './trigger-set-flags.ts';

exitOnHelp(import.meta.url);

type Engine = typeof branch;
/** As bench/audio-bench.ts. */
const BLOCK = 128;

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    branch: { type: 'string' },
    split: { type: 'string', default: 'heldout' },
    conditions: { type: 'string', default: 'clean' },
    triggers: { type: 'string', default: '24' },
    'triggered-sec': { type: 'string', default: '240' },
    'quiet-sec': { type: 'string', default: '0' },
    'quiet-skip-sec': { type: 'string', default: '0' },
    count: { type: 'boolean', default: false },
    // Another trigger set (audio-bench's flags): its programme, rendered by audio-bench first.
    ...TRIGGER_SET_OPTIONS,
  },
});
// The base is another checkout of the repository (a git worktree of the commit to compare with).
if (values.base === undefined) throw new Error('--base DIR names the checkout whose engine is the base');
const split = parseSplit(values.split);
if (split === 'all') throw new Error('--split takes tune or heldout');

type Method = (this: unknown, ...args: unknown[]) => unknown;
/** Counts calls of a method of the field detector's prototype (its private methods included). */
function countCalls(engine: Engine, name: string, into: Map<string, number>): void {
  const proto = engine.FieldDetector.prototype as unknown as Record<string, Method>;
  const original = proto[name];
  if (typeof original !== 'function') throw new Error(`FieldDetector has no method ${name}`);
  into.set(name, 0);
  proto[name] = function (this: unknown, ...args: unknown[]): unknown {
    into.set(name, (into.get(name) ?? 0) + 1);
    return original.apply(this, args);
  };
}

interface Side {
  name: string;
  engine: Engine;
  counts: Map<string, number>;
}

const engineAt = async (dir: string) => (await import(join(dir, 'packages/audio/src/index.ts'))) as Engine;
const base = await engineAt(values.base);
const mine = values.branch === undefined ? branch : await engineAt(values.branch);
const sides: Side[] = [
  { name: 'base', engine: base, counts: new Map() },
  { name: 'branch', engine: mine, counts: new Map() },
];
if (base.FieldDetector === mine.FieldDetector) throw new Error('--base and the branch are one engine');
if (values.count)
  for (const s of sides) for (const m of ['prescreen', 'schedule']) countCalls(s.engine, m, s.counts);

const corpusDir = join(import.meta.dirname, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const recipe = triggerSetRecipeOf(values);
const programmeName = programmeNameOf(recipe);
// A trigger-free run needs no triggered programme: another set's is rendered only by audio-bench's
// first run with its flags, so without it the set is drawn as the benchmark draws it (fp-trace.ts).
const programme: Pick<TriggeredProgramme, 'file' | 'clips' | 'events' | 'triggers'> =
  Number(values['triggered-sec']) > 0 || existsSync(join(corpusDir, `${programmeName}.json`))
    ? (JSON.parse(await readFile(join(corpusDir, `${programmeName}.json`), 'utf8')) as TriggeredProgramme)
    : { file: '', clips: [], events: [], triggers: triggerSetOf(recipe, 24, BENCH_SEED) };
const rate = manifest.sampleRate;
const seed = splitSeed(split);

const stretches = [
  {
    what: 'triggered',
    path: join(corpusDir, programme.file),
    clips: programme.clips,
    from: triggeredSplitStartSec(split) * rate,
    sec: Number(values['triggered-sec']),
    seed,
  },
  {
    what: 'trigger-free',
    path: join(corpusDir, manifest.quiet.file),
    clips: manifest.quiet.clips,
    from: quietSplitStartSec(split) * rate + Math.round(Number(values['quiet-skip-sec']) * rate),
    sec: Number(values['quiet-sec']),
    seed: seed + 1,
  },
].filter((s) => s.sec > 0);

for (const condition of values.conditions.split(',') as ConditionId[]) {
  const spec = conditionSpec(condition);
  if (spec.signal !== undefined)
    throw new Error(`${condition}: a programme re-signalled is not supported here`);
  for (const n of values.triggers.split(',').map(Number)) {
    const triggers = [
      ...programme.triggers,
      ...generateDecoys(Math.max(0, n - programme.triggers.length), programme.triggers, seed + 7),
    ];
    for (const stretch of stretches) {
      const runs = sides.map((s) => ({
        side: s,
        detector: s.engine.createDetector('dual', { sampleRate: spec.outputRate, triggers }) as Detector,
        // Each detection's key, with the stream position push() returned it at (the latency).
        found: [] as string[],
        micros: 0,
      }));
      for (const s of sides) for (const m of s.counts.keys()) s.counts.set(m, 0);
      const chunks = conditionedChunks(
        condition,
        {
          path: stretch.path,
          startSample: stretch.from,
          samples: stretch.sec * rate,
          sampleRate: rate,
          clips: stretch.clips,
        },
        {
          tmpDir: join(corpusDir, 'tmp'),
          seed: stretch.seed,
          noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
          // Overlap and repeat: the benchmark's extra plays over the triggered stretch's events.
          ...(spec.extra !== undefined && stretch.what === 'triggered'
            ? {
                extras: extraTriggers(
                  spec.extra,
                  stretchEvents(
                    programme.events,
                    stretch.from,
                    stretch.sec * rate,
                    rate,
                    spec.timeFactor ?? 1,
                  ),
                  programme.triggers,
                  rate,
                ).sounds,
              }
            : {}),
        },
      );
      let samples = 0;
      let turn = 0;
      for await (const block of branch.fixedBlocks(chunks, BLOCK)) {
        samples += block.length;
        // Alternate which build goes first, so neither always runs on the other's cache.
        turn ^= 1;
        for (let i = 0; i < runs.length; i++) {
          const run = runs[(i + turn) % runs.length] as (typeof runs)[number];
          const before = process.cpuUsage();
          const found = run.detector.push(block);
          const spent = process.cpuUsage(before);
          run.micros += spent.user + spent.system;
          for (const d of found) run.found.push(detectionKey(d, samples / spec.outputRate));
        }
      }
      const sec = samples / spec.outputRate;
      const head = `${condition} N=${n} ${stretch.what} ${sec.toFixed(0)} s`;
      const figures = runs.map((r) => {
        const counts = [...r.side.counts].map(([m, c]) => ` ${m} ${c}`).join('');
        return `${r.side.name} ${(r.micros / 1000 / sec).toFixed(2)} ms/s, ${r.found.length} detections${counts}`;
      });
      process.stdout.write(`${head}: ${figures.join(' | ')}\n`);
      const [a, b] = runs.map((r) => r.found) as [string[], string[]];
      const { onlyA, onlyB } = diffKeys(a, b);
      if (onlyA.length === 0 && onlyB.length === 0) process.stdout.write('  detections identical\n');
      for (const x of onlyA) process.stdout.write(`  base only:   ${x}\n`);
      for (const x of onlyB) process.stdout.write(`  branch only: ${x}\n`);
    }
  }
}
