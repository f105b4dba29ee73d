/**
 * npm run bench:audio -- [--render [--render-from file.json]] [--quick|--ci] [--split heldout|tune|all]
 *   [--conditions clean,mp3-64k,...|none] [--detectors dual,spec,robust,coherent,robust-v1]
 *   [--scale 24,100,300,1000,3000|none] [--scale-detector dual] [--scale-conditions clean,mp3-128k@3000]
 *   [--codecs 96,128,192,256|none] [--triggered-sec S] [--quiet-sec S] [--quiet-skip-sec S]
 *   [--block-size 512] [--jobs 2] [--trigger-seed N] [--min-tone-hz 700] [--suggest-gap]
 *
 * The first of --detectors is checked against the targets; --scale-detector also runs the codec table.
 * A --scale count under the programme's 24 listens for its first N triggers only, scored on their
 * plays (a listening link's catalogue, docs/decisions/listening-links.md).
 *
 * Builds (once) a corpus of real speech and music from Debian packages, embeds a set of triggers,
 * passes it through channel conditions and scores each detector. With no flags: the shipped
 * `dual` detector on every condition, the cost table and the codec table, held-out split; that
 * full run rewrites docs/audio-benchmark.md (docs/decisions/audio-bench-full-run.md).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LISTENER_BLOCK_SIZE } from '../packages/audio/src/engine-constants.ts';
import { ensureCorpus, ffmpegVersion } from './build-corpus.ts';
import { CONDITIONS, type ConditionId, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import { type CodecCell, runCodecTable } from './codec-table.ts';
import type { ConditionResult } from './condition-result.ts';
import {
  BENCH_SEED,
  parseSplit,
  quietSplitStartSec,
  type Split,
  splitSeed,
  TUNE_QUIET_SEC,
  TUNE_TRIGGERED_SEC,
  triggeredSplitStartSec,
} from './corpus-split.ts';
import { ensureTriggeredProgramme, programmeNameOf } from './render-triggered-programme.ts';
import {
  type BenchReport,
  codecTextTable,
  markdownReport,
  scaleFalsePositiveLines,
  scaleTextTable,
  targetDetectorOf,
  targetLines,
  textTable,
} from './results-report.ts';
import type { ConditionJob } from './run-condition.ts';
import type { BenchDetector } from './run-detectors.ts';
import { SHORTFALLS_FILE } from './shortfall-reasons.ts';
import { isOtherSet, triggerSetOf } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS, triggerSetRecipeOf } from './trigger-set-flags.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const corpusDir = join(here, 'corpus');
const TRIGGER_COUNT = 24;
const QUICK = { triggeredSec: 240, quietSec: 600 };
const FULL_SCALE = [24, 100, 300, 1000, 3000];
/**
 * The cost table's trigger-free hours: the held-out trigger-free programme is 54 min, so the Ns
 * with a false-positive target of their own (1,000 for CPU, 3,000 for 0 FP/h) also hear it through
 * MP3 128k: 1.8 h there, 0.9 h at the other Ns. `id@n` runs a condition at that N only. A public
 * listener hears every creator's triggers in every room and at every player speed, and the
 * thresholds rise with N, so the hardest room and the common 1.25x player speed are read at 1,000
 * too (their N = 24 rows are the main table's, not run twice).
 */
const FULL_SCALE_CONDITIONS = [
  'clean',
  'mp3-128k@1000',
  'mp3-128k@3000',
  'tempo-1.25@24',
  'tempo-1.25@1000',
  'room-1.0s-6m-babble-0db@24',
  'room-1.0s-6m-babble-0db@1000',
].join(',');
/** The shipped detector (packages/audio/src/create-detector.ts): measured against the targets. */
const SHIPPED_DETECTOR: BenchDetector = 'dual';
const CI = { triggeredSec: 96, quietSec: 120 };
const FULL_CODEC_KBPS = [96, 128, 192, 256];
const CI_CONDITIONS = ['clean', 'speed-1.02', 'tempo-1.25', 'room-0.6s-3m-babble-0db', 'mp3-128k'];

const DEFAULT_SPLIT: Split = 'heldout';

const log = (line: string) => process.stderr.write(`${line}\n`);

function parseFlags() {
  exitOnHelp(import.meta.url, `\nconditions: ${CONDITIONS.map((c) => c.id).join(', ')}\n`);
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      ci: { type: 'boolean' },
      'triggered-sec': { type: 'string' },
      'quiet-sec': { type: 'string' },
      'quiet-skip-sec': { type: 'string' },
      conditions: { type: 'string' },
      detectors: { type: 'string' },
      'block-size': { type: 'string' },
      jobs: { type: 'string' },
      render: { type: 'boolean' },
      'render-from': { type: 'string' },
      scale: { type: 'string' },
      'scale-detector': { type: 'string' },
      'scale-conditions': { type: 'string' },
      codecs: { type: 'string' },
      split: { type: 'string' },
      ...TRIGGER_SET_OPTIONS,
    },
  });
  // --ci: the quick mode `npm test` runs (one condition per class, short, figures not asserted).
  const ci = values.ci === true;
  // `--conditions none`: only the cost table (e.g. a long trigger-free run at large N).
  const conditions = (values.conditions?.split(',') ?? (ci ? CI_CONDITIONS : CONDITIONS.map((c) => c.id)))
    .filter((c) => c !== 'none' && c !== '')
    .map((c) => conditionSpec(c).id);
  const asDetector = (d: string): BenchDetector => {
    if (!['robust', 'coherent', 'dual', 'spec', 'robust-v1'].includes(d))
      throw new Error(`unknown detector ${d}`);
    return d as BenchDetector;
  };
  // The shipped detector, and the SPEC's own (issue 3: the baseline beside it; ~1.5 ms/s, a few
  // per cent of the run). The field or coherent detector alone and robust-v1 are a flag away.
  const detectors = (values.detectors ?? (ci ? SHIPPED_DETECTOR : `${SHIPPED_DETECTOR},spec`))
    .split(',')
    .map(asDetector);
  // The listeners' block by default, so the latency figures are the ones a listener meets.
  const blockSize = Number(values['block-size'] ?? LISTENER_BLOCK_SIZE);
  const jobs = Number(values.jobs ?? Math.min(2, availableParallelism()));
  if (!Number.isInteger(blockSize) || blockSize < 16)
    throw new Error('--block-size must be an integer >= 16');
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error('--jobs must be a positive integer');
  // The cost table: the robust detector on the clean programme, listening for N triggers.
  const scale = (values.scale ?? (ci ? '24,1000' : values.quick === true ? '24,300' : FULL_SCALE.join(',')))
    .split(',')
    .filter((v) => v !== '' && v !== 'none')
    .map(Number);
  // Under the programme's 24, a listener for the first N of them only (a listening link's catalogue).
  if (scale.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error('--scale takes whole trigger counts >= 1, or none');
  // The codec table: bitrates (kb/s) at which every signal type goes through stereo MP3/AAC/Opus.
  const codecs = (values.codecs ?? (ci ? 'none' : values.quick === true ? '128' : FULL_CODEC_KBPS.join(',')))
    .split(',')
    .filter((v) => v !== '' && v !== 'none')
    .map(Number);
  const split = parseSplit(values.split ?? DEFAULT_SPLIT);
  // Quick runs on a loaded machine: shorter stretches (figures labelled with what was run).
  const seconds = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  return {
    // Another trigger set than the benchmark's (diagnosis without reading the held-out split's
    // misses): its own triggered programme, cached beside the default one.
    ...triggerSetRecipeOf(values),
    triggeredSec: seconds(values['triggered-sec']),
    quietSec: seconds(values['quiet-sec']),
    // Start the trigger-free stretch this far into the split's own: one long stretch measured as
    // segments in separate processes (e.g. the hour at N = 3,000 on a loaded machine).
    quietSkipSec: seconds(values['quiet-skip-sec']) ?? 0,
    codecs,
    split,
    render: values.render === true,
    renderFrom: values['render-from'],
    quick: values.quick === true || ci,
    ci,
    conditions,
    detectors,
    blockSize,
    jobs,
    scale,
    scaleDetector: asDetector(values['scale-detector'] ?? SHIPPED_DETECTOR),
    // The cost table runs on the clean programme; more conditions add trigger-free hours at each N.
    scaleConditions: parseScaleConditions(
      values['scale-conditions'] ?? (ci || values.quick === true ? 'clean' : FULL_SCALE_CONDITIONS),
    ),
  };
}

/** `clean,mp3-128k@3000`: conditions of the cost table, each at every N or only at the N given. */
function parseScaleConditions(text: string): { condition: ConditionId; onlyAt?: number }[] {
  return text
    .split(',')
    .filter((v) => v !== '')
    .map((entry) => {
      const [id = '', at] = entry.split('@');
      const onlyAt = at === undefined ? undefined : Number(at);
      if (onlyAt !== undefined && !Number.isInteger(onlyAt))
        throw new Error(`--scale-conditions: ${entry} needs a trigger count after @`);
      return { condition: conditionSpec(id).id, ...(onlyAt === undefined ? {} : { onlyAt }) };
    });
}

/** Runs one condition in a child process (same tsx loader as this process). */
function runJob(job: ConditionJob): Promise<ConditionResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, join(here, 'condition-worker.ts'), JSON.stringify(job)],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderrTail = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => {
      stdout += t;
    });
    child.stderr.setEncoding('utf8').on('data', (t: string) => {
      stderrTail = (stderrTail + t).slice(-4000);
      process.stderr.write(t);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0)
        reject(new Error(`condition ${job.condition} failed (exit ${code}): ${stderrTail.trim()}`));
      else resolve(JSON.parse(stdout) as ConditionResult[]);
    });
  });
}

/** A piece of the run: a condition in its own process, or the codec table in this one. */
interface Task<T> {
  label: string;
  run: () => Promise<T>;
}

/** Runs tasks on `parallel` lanes, in the order given (put the longest first). */
async function runAll<T>(tasks: Task<T>[], parallel: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let finished = 0;
  async function lane(): Promise<void> {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index] as Task<T>;
      const started = Date.now();
      log(`[${task.label}] started`);
      results[index] = await task.run();
      finished++;
      log(
        `[${task.label}] done in ${((Date.now() - started) / 1000).toFixed(0)} s (${finished}/${tasks.length})`,
      );
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallel, tasks.length) }, lane));
  return results;
}

/** The engineers' reasons for each shortfall, included in the generated report. */
async function readShortfalls(): Promise<string> {
  return readFile(join(root, SHORTFALLS_FILE), 'utf8').catch(() => '');
}

/** --render: rewrite docs/audio-benchmark.md from bench/audio-results.json (or --render-from) without running. */
async function renderOnly(from: string | undefined): Promise<void> {
  const report = JSON.parse(await readFile(from ?? join(here, 'audio-results.json'), 'utf8')) as BenchReport;
  await writeFile(join(root, 'docs', 'audio-benchmark.md'), markdownReport(report, await readShortfalls()));
  log('rewrote docs/audio-benchmark.md from bench/audio-results.json');
}

async function main(): Promise<void> {
  const flags = parseFlags();
  if (flags.render) return renderOnly(flags.renderFrom);
  const started = Date.now();
  const loadStart = loadavg()[0] ?? 0;
  const manifest = await ensureCorpus(corpusDir, log);
  const triggers = triggerSetOf(flags, TRIGGER_COUNT, BENCH_SEED);
  const programmeName = programmeNameOf(flags);
  const programme = await ensureTriggeredProgramme(
    corpusDir,
    manifest,
    triggers,
    BENCH_SEED,
    log,
    programmeName,
  );
  const rate = manifest.sampleRate;
  const short = {
    triggeredSec: flags.triggeredSec ?? (flags.ci ? CI : QUICK).triggeredSec,
    quietSec: flags.quietSec ?? (flags.ci ? CI : QUICK).quietSec,
  };
  const triggeredFrom = triggeredSplitStartSec(flags.split) * rate;
  const quietFrom = quietSplitStartSec(flags.split) * rate + Math.round(flags.quietSkipSec * rate);
  const triggeredAvailable =
    flags.split === 'tune' ? TUNE_TRIGGERED_SEC * rate : programme.samples - triggeredFrom;
  const quietAvailable =
    (flags.split === 'tune' ? TUNE_QUIET_SEC * rate : manifest.quiet.samples) - quietFrom;
  const triggeredSamples = Math.min(
    triggeredAvailable,
    flags.quick ? short.triggeredSec * rate : triggeredAvailable,
  );
  const quietSamples = Math.min(quietAvailable, flags.quick ? short.quietSec * rate : quietAvailable);
  const seed = splitSeed(flags.split);
  const events = programme.events.filter(
    (e) => e.startSample >= triggeredFrom && e.endSample + rate <= triggeredFrom + triggeredSamples,
  ).length;
  log(
    `corpus (${flags.split}): ${(triggeredSamples / rate / 60).toFixed(1)} min with ${events} triggers, ` +
      `${(quietSamples / rate / 60).toFixed(1)} min trigger-free; ${flags.conditions.length} conditions x ` +
      `${flags.detectors.join('+')} on ${flags.jobs} processes, ${flags.blockSize}-sample blocks`,
  );
  const template: ConditionJob = {
    condition: 'clean',
    detectors: flags.detectors,
    blockSize: flags.blockSize,
    corpusDir,
    triggeredSamples,
    quietSamples,
    triggeredFrom,
    quietFrom,
    seed,
    programme: programmeName,
  };
  const jobs = flags.conditions.map((condition: ConditionId): ConditionJob => ({ ...template, condition }));
  // N = 24 on a condition the main table already runs with the same detector is that row: not run twice.
  const sharesMainRow = (condition: ConditionId, n: number) =>
    n === TRIGGER_COUNT &&
    flags.conditions.includes(condition) &&
    flags.detectors.includes(flags.scaleDetector);
  const scaleJobs = flags.scaleConditions.flatMap(({ condition, onlyAt }) =>
    flags.scale
      .filter((n) => onlyAt === undefined || n === onlyAt)
      .filter((n) => !sharesMainRow(condition, n))
      .map(
        (n): ConditionJob => ({
          ...template,
          condition,
          detectors: [flags.scaleDetector],
          activeTriggers: n,
        }),
      ),
  );
  type Output =
    | { kind: 'rows'; scale: boolean; rows: ConditionResult[] }
    | { kind: 'codecs'; cells: CodecCell[] };
  const conditionTask = (job: ConditionJob, scale: boolean): Task<Output> => ({
    label: `${job.condition}${job.activeTriggers ? ` N=${job.activeTriggers}` : ''}`,
    run: async () => ({ kind: 'rows', scale, rows: await runJob(job) }),
  });
  // The longest tasks first (large N, then the conditions, the codec table in this process last),
  // so the two lanes finish together.
  const tasks: Task<Output>[] = [
    ...[...scaleJobs]
      .sort((a, b) => (b.activeTriggers ?? 0) - (a.activeTriggers ?? 0))
      .map((j) => conditionTask(j, true)),
    ...jobs.map((j) => conditionTask(j, false)),
    ...(flags.codecs.length === 0
      ? []
      : [
          {
            label: 'codec table',
            run: async (): Promise<Output> => ({
              kind: 'codecs',
              cells: await runCodecTable({
                corpusDir,
                manifest,
                triggers,
                detector: flags.scaleDetector,
                seconds: flags.quick ? 64 : 192,
                fromSec: quietSplitStartSec(flags.split),
                bitrates: flags.codecs,
                log,
              }),
            }),
          },
        ]),
  ];
  const outputs = await runAll(tasks, flags.jobs);
  const results = outputs.flatMap((o) => (o.kind === 'rows' && !o.scale ? o.rows : []));
  const reused = flags.scaleConditions.flatMap(({ condition, onlyAt }) =>
    flags.scale
      .filter((n) => (onlyAt === undefined || n === onlyAt) && sharesMainRow(condition, n))
      .flatMap(() => results.filter((r) => r.condition === condition && r.detector === flags.scaleDetector)),
  );
  const scaleOrder = (r: ConditionResult) =>
    flags.scaleConditions.findIndex((c) => c.condition === r.condition);
  const scaled = [...reused, ...outputs.flatMap((o) => (o.kind === 'rows' && o.scale ? o.rows : []))].sort(
    (a, b) => scaleOrder(a) - scaleOrder(b) || a.activeTriggers - b.activeTriggers,
  );
  const codecs = outputs.flatMap((o) => (o.kind === 'codecs' ? o.cells : []));
  const order = (r: ConditionResult) =>
    CONDITIONS.findIndex((c) => c.id === r.condition) * 10 + flags.detectors.indexOf(r.detector);
  results.sort((a, b) => order(a) - order(b));

  const full =
    !flags.quick &&
    !isOtherSet(flags) &&
    flags.conditions.length === CONDITIONS.length &&
    flags.detectors[0] === SHIPPED_DETECTOR &&
    flags.split === 'heldout' &&
    flags.scale.join(',') === FULL_SCALE.join(',') &&
    flags.codecs.join(',') === FULL_CODEC_KBPS.join(',');
  const report: BenchReport = {
    date: new Date().toISOString().slice(0, 10),
    mode: flags.quick ? 'quick' : full ? 'full' : 'partial',
    command: `npm run bench:audio${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    split: flags.split,
    blockSize: flags.blockSize,
    targetDetector: flags.detectors[0] as BenchDetector,
    wallSec: (Date.now() - started) / 1000,
    load: { start: loadStart, end: loadavg()[0] ?? 0 },
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: availableParallelism(),
      node: process.version,
      ffmpeg: ffmpegVersion(),
    },
    corpus: {
      triggeredMin: triggeredSamples / rate / 60,
      quietMin: quietSamples / rate / 60,
      events,
      triggers: triggers.length,
      sources: manifest.packages.map(({ pkg, version, kind, licence, files }) => ({
        pkg,
        version,
        kind,
        licence,
        files,
      })),
    },
    results,
    scale: scaled,
    codecs,
  };

  process.stdout.write(`\n${textTable(results)}\n`);
  if (scaled.length > 0) {
    process.stdout.write(`\n${scaleTextTable(scaled)}\n`);
    for (const line of scaleFalsePositiveLines(scaled)) process.stdout.write(`${line}\n`);
  }
  if (codecs.length > 0) process.stdout.write(`\n${codecTextTable(codecs)}\n`);
  const targetDetector = targetDetectorOf(report);
  const lines = targetLines(results, targetDetector);
  if (lines.length > 0) {
    process.stdout.write(
      `\n${targetDetector} detector against the targets (>=99% detection, 0 wrong, 0 FP/h, <=500 ms, <=5 ms CPU/s):\n`,
    );
    for (const [condition, verdict, ...checks] of lines) {
      process.stdout.write(
        `  ${(condition ?? '').padEnd(24)} ${(verdict ?? '').padEnd(6)} ${checks.join('; ')}\n`,
      );
    }
  }
  const shortfalls = await readShortfalls();
  // Only a full run replaces the committed figures; quick/partial runs go to the ignored out/ dir.
  const outDir = join(here, 'out');
  await mkdir(outDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (full) {
    await writeFile(join(here, 'audio-results.json'), json);
    await writeFile(join(root, 'docs', 'audio-benchmark.md'), markdownReport(report, shortfalls));
    log('wrote bench/audio-results.json and docs/audio-benchmark.md');
  } else {
    // Another trigger set's run is named after its programme, so runs of several sets side by side
    // keep their own results.
    const name = isOtherSet(flags) ? `${report.mode}.${programmeName}` : report.mode;
    await writeFile(join(outDir, `audio-results.${name}.json`), json);
    await writeFile(join(outDir, `audio-benchmark.${name}.md`), markdownReport(report, shortfalls));
    log(`wrote bench/out/audio-results.${name}.json (a full run writes bench/audio-results.json)`);
  }
  log(`finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

await main();
