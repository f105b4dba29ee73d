/**
 * npx tsx bench/fp-trace.ts --condition reverb --at 380.97 [--split heldout|tune] [--trigger-seed N] [--min-tone-hz 700] [--suggest-gap]
 *   [--before 40] [--triggers 24]
 *
 * Traces a false positive of the benchmark's trigger-free run: plays the condition's trigger-free
 * stretch up to a little after `--at` (seconds as the detector heard them, as in
 * bench/audio-results.json's details.falsePositives) through the `dual` detector, and prints for
 * every detection near it which detector found it (coherent or field), and for the field detector
 * which path (as-made search, whole-tempo search, pitch-kept reading), the hypothesis and each
 * slot's reading (ratio, steadiness, frequency error, peaks, and the tone's level before and after
 * the slot: a sustained note or a transient). A diagnosis tool: its figures are not checked.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Detection, FieldDetector, fixedBlocks, RobustDetectorV1 } from '@tonemark/audio';
import { BURST_OVER_REST_DB } from '../packages/audio/src/field-room-reference.ts';
import type { CorpusManifest } from './build-corpus.ts';
import { conditionedChunks, conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import {
  BENCH_SEED,
  parseSplit,
  quietSplitStartSec,
  splitSeed,
  triggeredSplitStartSec,
} from './corpus-split.ts';
import type { FieldLimits, FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import { DualDetector, readSlot, scorePattern, timingScore } from './engine-internals.ts';
import { type AddedCandidate, traceFieldCandidates } from './field-candidate-paths.ts';
import { programmeNameOf } from './render-triggered-programme.ts';
import { taggedDetector } from './tagged-detector.ts';
import { generateDecoys, triggerSetOf } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS, triggerSetRecipeOf } from './trigger-set-flags.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'clean' },
    at: { type: 'string' },
    before: { type: 'string', default: '40' },
    split: { type: 'string', default: 'heldout' },
    ...TRIGGER_SET_OPTIONS,
    triggers: { type: 'string', default: '24' },
    triggered: { type: 'boolean' },
    skip: { type: 'boolean' },
  },
});
const atSec = Number(values.at);
if (!Number.isFinite(atSec)) throw new Error('--at seconds is required');
const here = import.meta.dirname;
const corpusDir = join(here, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const spec = conditionSpec(values.condition);
const split = parseSplit(values.split);
const seed = splitSeed(split);
const rate = manifest.sampleRate;
const factor = spec.timeFactor ?? 1;
// --triggered reads the triggered programme instead (true detections, to compare with).
const quietFrom = (values.triggered ? triggeredSplitStartSec(split) : quietSplitStartSec(split)) * rate;
// Another trigger set has its own triggered programme (audio-bench's `programmeNameOf`, rendered
// by the benchmark's first run with the same trigger-set flags).
const recipe = triggerSetRecipeOf(values);
const programme = programmeNameOf(recipe);
const sourceFile = values.triggered ? `${programme}.f32` : manifest.quiet.file;
const embedded = triggerSetOf(recipe, 24, BENCH_SEED);
const count = Number(values.triggers);
const triggers = [...embedded, ...generateDecoys(Math.max(0, count - 24), embedded, seed + 7)].map((t) =>
  spec.signal ? { ...t, signal: spec.signal } : t,
);
// With --skip, reading starts `--before` seconds ahead of the false positive (faster; noise and
// codec frames then differ from the benchmark's, so a chance fit may not recur).
const skipSec = values.skip ? Math.max(0, atSec - Number(values.before)) : 0;
const samples = Math.round((atSec + 2 - skipSec) * factor * rate);

// Which path found each candidate (the detector's private steps, patched).
const traced: AddedCandidate[] = [];
traceFieldCandidates((c) => traced.push(c));

const opts = { sampleRate: spec.outputRate, triggers };
const fromCoherent: Detection[] = [];
const fromField: Detection[] = [];
const field = new FieldDetector(opts);
const dual = new DualDetector(opts, {
  coherent: taggedDetector(new RobustDetectorV1(opts), (d) => fromCoherent.push(d)),
  field: taggedDetector(field, (d) => fromField.push(d)),
});
const startSec = Math.max(0, atSec - Number(values.before));
const chunks = conditionedChunks(
  spec.id,
  {
    path: join(corpusDir, sourceFile),
    startSample: quietFrom + Math.round(skipSec * factor * rate),
    samples,
    sampleRate: rate,
    clips: manifest.quiet.clips,
  },
  {
    tmpDir: join(corpusDir, 'tmp'),
    // The benchmark conditions the triggered programme with the split's seed, the trigger-free one
    // with the next (run-condition.ts): rooms and noise beds differ between the two.
    seed: values.triggered ? seed : seed + 1,
    noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
  },
);
const hopSec = 0.01;
const fired: Detection[] = [];
let pushed = 0;
const f = (v: number, d = 1) => v.toFixed(d);
const dB = (r: number) => 10 * Math.log10(Math.max(r, 1e-6));
/** The field detector's reading of a coherent report's pattern as made (speed 1, tempo 1), at the
 * best-timed end 0.05-0.5 s before the report. */
function readAsMade(d: Detection, now: number): void {
  const self = field as unknown as { planLanes: Map<FieldPlan, SpectrumLane[]>; front: { hopsDone: number } };
  const plan = [...self.planLanes.keys()].find((p) => p.spec.id === d.triggerId);
  const lane = plan && self.planLanes.get(plan)?.[0];
  if (!plan || !lane) return;
  const hop = self.front.hopsDone;
  let best: { h: Hypothesis; db: number } | undefined;
  for (let back = 5; back <= 50; back++) {
    const h = {
      start: hop - back - plan.slotCount * plan.slotHops - lane.frameHops / 2,
      slot: plan.slotHops,
      speed: 1,
    };
    const db = timingScore(plan, [lane], h);
    if (db !== undefined && (!best || db > best.db)) best = { h, db };
  }
  if (!best) return;
  process.stdout.write(
    `heardAsMade(${f(d.timeSec - 0.5, 2)}..${f(d.timeSec - 0.05, 2)}) = ${field.heardAsMade(d.triggerId, d.timeSec - 0.5, d.timeSec - 0.05)}; hops ${hop}\n`,
  );
  process.stdout.write(
    `coherent ${d.triggerId} at ${f(now, 2)} snr ${d.snrDb ?? '-'} score ${f(d.score, 3)}; field reading as made (timing ${f(best.db)} dB):\n`,
  );
  for (let k = 0; k < plan.slotCount; k++) {
    const r = readSlot(plan, 0, lane, best.h, k, true);
    if (r)
      process.stdout.write(
        `   slot ${k} ${plan.bands[0]?.tones[k]} Hz: ratio ${f(dB(r.ratio))} steady ${f(dB(r.steady), 2)} err ${f(r.errorBins, 2)} peaks ${r.peakedHalves}\n`,
      );
  }
}
for await (const block of fixedBlocks(chunks, 128)) {
  pushed += block.length;
  const now = skipSec + pushed / spec.outputRate;
  const coherentBefore = fromCoherent.length;
  const fieldBefore = fromField.length;
  for (const d of dual.push(block)) fired.push({ ...d, timeSec: now });
  for (const d of fromCoherent.slice(coherentBefore)) readAsMade(d, now);
  for (const d of fromField.slice(fieldBefore))
    process.stdout.write(
      `field ${d.triggerId} at ${f(now, 2)} speed ${d.speed} tempo ${d.tempo} snr ${d.snrDb}\n`,
    );
  // Slot readings are taken while the lanes still hold the audio (right when a candidate is added).
  while (traced.length > 0) {
    const t = traced.shift() as AddedCandidate;
    if (skipSec + t.hop * hopSec < startSec) continue;
    const lanes =
      (field as unknown as { planLanes: Map<FieldPlan, SpectrumLane[]> }).planLanes.get(t.plan) ?? [];
    const h = t.refined;
    const tempo = t.plan.slotHops / h.slot / h.speed;
    const tones = t.plan.bands.map((b) => b.tones.join('-')).join(' | ');
    process.stdout.write(
      `cand ${t.plan.spec.id} [${tones}] at ${f(skipSec + t.hop * hopSec, 2)} s path=${t.path} from ${f(skipSec + h.start * hopSec, 2)} s slot ${f(h.slot * hopSec, 3)} s speed=${f(h.speed, 4)} tempo=${f(tempo, 3)} ` +
        `mean=${f(t.score.meanDb)} capped=${f(t.score.cappedMeanDb)} steady=${f(t.score.steadyMeanDb, 2)} decision=${f(t.score.decisionDb)} min=${f(t.score.minDb)}\n`,
    );
    // Which reading the detector scored: the shipped one, or (as made, failing it) the room's, whose
    // slots leave a burst reference slot out (field-room-reference.ts). Slots print that reading.
    const internals = field as unknown as { limits: FieldLimits; minMeanDb: number };
    const shipped = scorePattern(t.plan, lanes, h, internals.limits, true);
    const inRoom = !shipped?.pass || shipped.decisionDb < internals.minMeanDb;
    const burst = inRoom ? 10 ** (BURST_OVER_REST_DB / 10) : undefined;
    process.stdout.write(
      `   reading: ${t.path === 'pitch-kept' ? 'pitch-kept (slots below read at speed 1, no offsets)' : inRoom ? 'in room (burst reference left out)' : 'shipped'}; shipped pass=${shipped?.pass} decision=${shipped ? f(shipped.decisionDb) : '-'} (threshold ${f(internals.minMeanDb)})\n`,
    );
    for (let b = 0; b < t.plan.bands.length; b++) {
      const lane = lanes[b];
      if (!lane) continue;
      for (let k = 0; k < t.plan.slotCount; k++) {
        const r = readSlot(
          t.plan,
          b,
          lane,
          h,
          k,
          true,
          false,
          undefined,
          t.path === 'pitch-kept' ? undefined : burst,
        );
        // The tone's own level one slot before the pattern and one slot after (a sustained note
        // is there too), against its level in its slot.
        const at = (s: number) => readSlot(t.plan, b, lane, { ...h, start: h.start + s * h.slot }, k, false);
        const prev = at(-(k + 1));
        const next = at(t.plan.slotCount - k);
        process.stdout.write(
          `   band ${b} slot ${k} ${t.plan.bands[b]?.tones[k]} Hz: ratio ${r ? f(dB(r.ratio)) : '-'} dB steady ${r ? f(dB(r.steady), 2) : '-'} err ${r ? f(r.errorBins, 2) : '-'} bins peaks ${r?.peakedHalves}` +
            ` measured ${r ? f(r.measuredHz) : '-'} Hz; signal before/in/after pattern ${prev ? f(dB(prev.signal / (r?.signal ?? 1))) : '-'} / 0 / ${next ? f(dB(next.signal / (r?.signal ?? 1))) : '-'} dB\n`,
        );
      }
    }
  }
}
const near = (d: Detection) => Math.abs(d.timeSec - atSec) < 5;
for (const [name, list] of [
  ['coherent', fromCoherent],
  ['field', fromField],
] as const) {
  // The parts' own reports carry their stream time only through the dual's clock: report their count.
  process.stdout.write(
    `${name}: ${list.length} detections in the stretch: ${list.map((d) => `${d.triggerId}@${f(skipSec + d.timeSec, 2)}`).join(' ')}\n`,
  );
}
process.stdout.write(
  `dual near ${atSec} s: ${fired
    .filter(near)
    .map(
      (d) =>
        `${d.triggerId}@${f(d.timeSec, 2)} snr ${d.snrDb ?? '-'} speed ${d.speed ?? '-'} tempo ${d.tempo ?? '-'}`,
    )
    .join('; ')}\n`,
);
