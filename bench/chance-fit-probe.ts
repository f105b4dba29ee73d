/**
 * npx tsx bench/chance-fit-probe.ts --condition clean --which quiet|triggered [--split heldout|tune]
 *   [--trigger-seed N] [--min-tone-hz 700] [--suggest-gap] [--triggers 24] [--lower-db 0] [--sec S] [--from S] [--decoy-seed K]
 *
 * What separates a chance fit of music notes from a played trigger, as a class (issue 9; fp7,
 * docs/decisions/audio-shared-sound-pairs.md "Chance fits of music notes"). Plays a stretch
 * through the field detector and prints one JSON line per candidate it adds (a pattern that passed
 * every per-slot test and the decision threshold): whether it was a played trigger (`TRUE`, the
 * triggered programme's schedule), another reading there (`STRAY`) or trigger-free (`CHANCE`), its
 * path, hypothesis and score, and per slot evidence the detector does not otherwise read: the
 * tone's onset and offset contrast at the slot edges (frames just outside the slot against frames
 * just inside), its harmonics at 2f and 3f and its half f/2 read as tones of their own (dB over
 * their own reference), the tone's level (to compare the four slots), how far its spectral peak
 * moves between the slot's halves, and where it is measured (a pitch-kept slot: at the offset its
 * strongest passing reading is found). `--lower-db` lowers the decision threshold by that much (and
 * so the prescreen floor) to collect chance readings where the shipped threshold lets a few a day
 * through. `--decoy-seed` draws another set of decoy patterns (default 0: the benchmark's own, as
 * bench/audio-bench.ts --scale draws them), so the same trigger-free minutes give fresh chance fits
 * (scale16: the tuning split holds only 10 min of trigger-free programme). A diagnosis tool: its
 * figures are not checked.
 */
import { parseArgs } from 'node:util';
import { FieldDetector, fixedBlocks } from '@tonemark/audio';
import { exitOnHelp } from './cli-help.ts';
import type { FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import { heardTonesPlan, pair, peakBin, readSlot } from './engine-internals.ts';
import { type AddedCandidate, traceFieldCandidates } from './field-candidate-paths.ts';
import { probeStretch } from './probe-stretch.ts';
import { generateDecoys } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS } from './trigger-set-flags.ts';

exitOnHelp(import.meta.url);

/** Frames (by their end hop) this many hops beyond a frame wholly inside or outside the slot are read at an edge. */
const EDGE_HOPS = 10;

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'clean' },
    which: { type: 'string', default: 'quiet' },
    split: { type: 'string', default: 'heldout' },
    sec: { type: 'string' },
    from: { type: 'string', default: '0' },
    triggers: { type: 'string', default: '24' },
    'lower-db': { type: 'string', default: '0' },
    ...TRIGGER_SET_OPTIONS,
    'decoy-seed': { type: 'string', default: '0' },
  },
});
const {
  triggers: embedded,
  spec,
  seed,
  skipSec,
  triggered,
  events,
  chunks: stretchChunks,
} = await probeStretch(values, 960);
const count = Number(values.triggers);
const triggers = [
  ...embedded,
  ...generateDecoys(
    Math.max(0, count - embedded.length),
    embedded,
    seed + 7 + 1_000_003 * Number(values['decoy-seed']),
  ),
].map((t) => (spec.signal ? { ...t, signal: spec.signal } : t));
const lowerDb = Number(values['lower-db']);
const field = new FieldDetector({
  sampleRate: spec.outputRate,
  triggers,
  tuning: { minMeanDb: 9 - lowerDb },
});
const inside = field as unknown as {
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  front: { hopSize: number };
  minMeanDb: number;
};
const hopSec = inside.front.hopSize / spec.outputRate;

const added: AddedCandidate[] = [];
traceFieldCandidates((c) => added.push(c));

const dB = (r: number) => Math.round(100 * 10 * Math.log10(Math.max(r, 1e-6))) / 100;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** Mean power of `bin` (two straddling bins) over frames ending at hops from..to, or NaN when not held. */
function power(lane: SpectrumLane, bin: number, from: number, to: number): number {
  if (to < from || !lane.holds(from, to)) return Number.NaN;
  return pair(lane, bin, from, to) / (to - from + 1);
}

/** The plan with every tone multiplied by `times` (its partial read as a pattern of its own). */
function partialPlan(plan: FieldPlan, times: number): FieldPlan {
  return { ...plan, bands: plan.bands.map((b) => ({ ...b, tones: b.tones.map((t) => t * times) })) };
}

/** Where slot k's tone is measured (its spectral peak over the slot), in Hz: at the reading's
 * speed, or for a pitch-kept reading at the offset (0.5-bin steps within 5 Hz) whose passing
 * reading is strongest, as `bestOffsetReading` picks it. */
function measuredHz(
  plan: FieldPlan,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  pitchKept: boolean,
): number | null {
  const nominal = plan.bands[0]?.tones[k] as number;
  const span = Math.floor(5 / lane.binHz / 0.5);
  const speeds = pitchKept
    ? Array.from({ length: 2 * span + 1 }, (_, i) => 1 + ((i - span) * 0.5 * lane.binHz) / nominal)
    : [h.speed];
  let best: { ratio: number; hz: number } | undefined;
  for (const speed of speeds) {
    const r = readSlot(plan, 0, lane, { ...h, speed }, k, true);
    if (!r || !Number.isFinite(r.errorBins) || r.errorBins > 0.35) continue;
    if (!best || r.ratio > best.ratio) best = { ratio: r.ratio, hz: r.measuredHz };
  }
  return best ? r2(best.hz) : null;
}

function slotEvidence(plan: FieldPlan, lane: SpectrumLane, h: Hypothesis, k: number) {
  const tone = (plan.bands[0]?.tones[k] as number) * h.speed;
  const bin = lane.binOf(tone);
  const w = lane.frameHops;
  const a = h.start + k * h.slot;
  const b = a + h.slot;
  // Frames wholly before the slot start end at hop <= a; wholly inside it end at >= a + w.
  const pre = power(lane, bin, Math.round(a) - EDGE_HOPS, Math.round(a));
  const first = power(lane, bin, Math.round(a + w), Math.round(a + w) + EDGE_HOPS);
  const last = power(lane, bin, Math.round(b) - EDGE_HOPS, Math.round(b));
  const post = power(lane, bin, Math.round(b + w), Math.round(b + w) + EDGE_HOPS);
  const r = readSlot(plan, 0, lane, h, k, true);
  const partial = (times: number) => {
    const hz = tone * times;
    if (lane.binOf(hz) < 2 || lane.binOf(hz) > lane.bins - 3) return null;
    const x = readSlot(partialPlan(plan, times), 0, lane, h, k, false, true);
    return x ? dB(x.ratio) : null;
  };
  const from = Math.ceil(a + w + 0.5);
  const to = Math.floor(b - 0.5);
  const mid = (from + to) >> 1;
  const p1 = peakBin(lane, bin, from, mid);
  const p2 = peakBin(lane, bin, mid + 1, to);
  return {
    hz: r2(tone),
    ratioDb: r ? dB(r.ratio) : null,
    steadyDb: r ? dB(r.steady) : null,
    errBins: r ? r2(r.errorBins) : null,
    levelDb: r ? dB(r.signal / lane.floorPower) : null,
    onsetDb: Number.isNaN(pre * first) ? null : dB(first / pre),
    offsetDb: Number.isNaN(last * post) ? null : dB(last / post),
    driftBins: Number.isNaN(p1 + p2) ? null : r2(Math.abs(p1 - p2)),
    h2Db: partial(2),
    h3Db: partial(3),
    halfDb: partial(0.5),
  };
}

function report(x: AddedCandidate): void {
  const lane = inside.planLanes.get(x.plan)?.[0];
  if (!lane) return;
  const t = skipSec + x.hop * hopSec;
  const id = String(x.plan.spec.id);
  const event = events.find((e) => e.id === id && t >= e.startSec && t <= e.endSec + 2.5);
  const h = x.refined;
  // A pitch-kept reading reads each slot's tone where it is heard (within 5 Hz of its grid tone).
  const read = x.path === 'pitch-kept' ? heardTonesPlan(x.plan, [lane], h) : x.plan;
  const slots = [];
  for (let k = 0; k < x.plan.slotCount; k++)
    slots.push({
      ...slotEvidence(read, lane, h, k),
      nominalHz: x.plan.bands[0]?.tones[k] as number,
      peakHz: measuredHz(x.plan, lane, h, k, x.path === 'pitch-kept'),
    });
  process.stdout.write(
    `${JSON.stringify({
      kind: triggered ? (event ? 'TRUE' : 'STRAY') : 'CHANCE',
      condition: spec.id,
      split: values.split,
      triggers: count,
      id,
      t: r2(t),
      path: x.path,
      speed: Math.round(h.speed * 10_000) / 10_000,
      tempo: Math.round((x.plan.slotHops / h.slot / h.speed) * 1000) / 1000,
      meanDb: r2(x.score.meanDb),
      decisionDb: r2(x.score.decisionDb),
      overDb: r2(x.score.decisionDb - (inside.minMeanDb + lowerDb)),
      steadyDb: r2(x.score.steadyMeanDb),
      slots,
    })}\n`,
  );
}

const chunks = stretchChunks();
let fired = 0;
for await (const block of fixedBlocks(chunks, 128)) {
  fired += field.push(block).length;
  // Read once the lanes hold the frames after the pattern's last slot (its offset), while they
  // still hold the slot before it.
  for (let i = 0; i < added.length; ) {
    const x = added[i] as AddedCandidate;
    const lane = inside.planLanes.get(x.plan)?.[0];
    const end = x.refined.start + x.plan.slotCount * x.refined.slot + (lane?.frameHops ?? 0) + EDGE_HOPS + 2;
    if (lane && lane.hopsDone <= end) i++;
    else {
      report(x);
      added.splice(i, 1);
    }
  }
}
for (const x of added) report(x);
process.stderr.write(
  `${spec.id} ${values.which} ${values.split} N=${count} lower ${lowerDb} dB: ${fired} detections, ${events.length} events\n`,
);
