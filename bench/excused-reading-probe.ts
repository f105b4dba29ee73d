/**
 * npx tsx bench/excused-reading-probe.ts --condition clean --which quiet|triggered [--split heldout|tune]
 *   [--trigger-seed N] [--min-tone-hz 700] [--triggers 24] [--sec S] [--from S]
 *
 * Which allowances each field candidate leaned on (trace19, 2026-12-03): whether its timing passed
 * the shipped reading or only the room's (each slot's burst reference slot left out,
 * field-room-reference.ts), which slot was excused (masked: loud but not a peak; faded: under the
 * per-slot bar) and that slot's reading (dB), with every slot's reading both ways. One JSON line per
 * candidate, `TRUE` (a played trigger by the triggered programme's schedule), `STRAY` or `CHANCE`.
 * Read at the moment the candidate is added (the lanes still hold its slots). A diagnosis tool.
 */
import { parseArgs } from 'node:util';
import { FieldDetector, fixedBlocks } from '@tonemark/audio';
import { BURST_OVER_REST_DB } from '../packages/audio/src/field-room-reference.ts';
import { exitOnHelp } from './cli-help.ts';
import type { FieldLimits, FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import { pair, readSlot, scorePattern } from './engine-internals.ts';
import { type AddedCandidate, traceFieldCandidates } from './field-candidate-paths.ts';
import { probeStretch } from './probe-stretch.ts';
import { generateDecoys } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS } from './trigger-set-flags.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'clean' },
    which: { type: 'string', default: 'quiet' },
    split: { type: 'string', default: 'heldout' },
    sec: { type: 'string' },
    from: { type: 'string', default: '0' },
    triggers: { type: 'string', default: '24' },
    ...TRIGGER_SET_OPTIONS,
  },
});
const {
  triggers: embedded,
  spec,
  seed,
  skipSec,
  triggered,
  events,
  chunks,
} = await probeStretch(values, 960);
const count = Number(values.triggers);
const triggers = [
  ...embedded,
  ...generateDecoys(Math.max(0, count - embedded.length), embedded, seed + 7),
].map((t) => (spec.signal ? { ...t, signal: spec.signal } : t));
const field = new FieldDetector({ sampleRate: spec.outputRate, triggers });
const inside = field as unknown as {
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  front: { hopSize: number };
  limits: FieldLimits;
  minMeanDb: number;
};
const hopSec = inside.front.hopSize / spec.outputRate;
const burst = 10 ** (BURST_OVER_REST_DB / 10);
const dB = (r: number) => Math.round(100 * 10 * Math.log10(Math.max(r, 1e-6))) / 100;

/** Slot k's state under the limits (band 0): passed, masked (loud, steady, not a peak) or faded. */
function slotState(plan: FieldPlan, lane: SpectrumLane, h: Hypothesis, k: number, over?: number) {
  const r = readSlot(plan, 0, lane, h, k, true, false, undefined, over);
  if (!r) return undefined;
  const l = inside.limits;
  const levelOk = r.ratio >= l.minRatio && r.steady >= l.minSteady;
  const ok = levelOk && r.errorBins <= l.maxFrequencyErrorBins && r.peakedHalves;
  return {
    db: dB(r.ratio),
    secondDb: r.secondReferenceRatio === undefined ? null : dB(r.secondReferenceRatio),
    state: ok ? 'pass' : levelOk ? 'masked' : 'faded',
  };
}

/** Where an excused slot's reading comes from, in dB against the slot's own power at its tone: the
 * neighbour bins (the weaker side, as readSlot takes it), each reference slot at the tone (slot
 * index: -1 the slot before, others the pattern's slots playing another tone) and the lane's floor. */
function referenceOf(plan: FieldPlan, lane: SpectrumLane, h: Hypothesis, k: number) {
  const tones = plan.bands[0]?.tones ?? [];
  const nominal = tones[k] as number;
  const bin = lane.binOf(nominal * h.speed);
  const w = lane.frameHops;
  const level = (a: number, b: number) => {
    const from = Math.ceil(a + w + 0.5);
    const to = Math.floor(b - 0.5);
    return { from, to, p: pair(lane, bin, from, to) / (to - from + 1) };
  };
  const own = level(h.start + k * h.slot, h.start + (k + 1) * h.slot);
  const offset = Math.max((25 * h.speed) / lane.binHz, 4);
  const beside =
    Math.min(pair(lane, bin - offset, own.from, own.to), pair(lane, bin + offset, own.from, own.to)) /
    (own.to - own.from + 1);
  const refs: Record<string, number> = {};
  for (let j = -1; j < tones.length; j++) {
    if (j >= 0 && Math.abs((tones[j] as number) - nominal) * h.speed <= 3 * lane.binHz) continue;
    refs[String(j)] = dB(level(h.start + j * h.slot, h.start + (j + 1) * h.slot).p / own.p);
  }
  return { besideDb: dB(beside / own.p), floorDb: dB((2 * lane.floorPower) / own.p), refs };
}

function report(x: AddedCandidate): void {
  const lanes = inside.planLanes.get(x.plan) ?? [];
  const lane = lanes[0];
  if (!lane) return;
  const t = skipSec + x.hop * hopSec;
  const id = String(x.plan.spec.id);
  const event = events.find((e) => e.id === id && t >= e.startSec && t <= e.endSec + 2.5);
  const h = x.refined;
  const shipped = scorePattern(x.plan, lanes, h, inside.limits, true);
  const room = !shipped?.pass || shipped.decisionDb < inside.minMeanDb;
  const slots = [];
  for (let k = 0; k < x.plan.slotCount; k++) {
    const plain = slotState(x.plan, lane, h, k);
    const inRoom = slotState(x.plan, lane, h, k, burst);
    slots.push({ hz: x.plan.bands[0]?.tones[k], plain, room: inRoom });
  }
  const used = slots.map((s) => (room && x.path !== 'pitch-kept' ? s.room : s.plain));
  const excused = used.findIndex((s) => s?.state !== 'pass');
  process.stdout.write(
    `${JSON.stringify({
      kind: triggered ? (event ? 'TRUE' : 'STRAY') : 'CHANCE',
      condition: spec.id,
      id,
      t: Math.round(t * 100) / 100,
      path: x.path,
      speed: Math.round(h.speed * 10_000) / 10_000,
      tempo: Math.round((x.plan.slotHops / h.slot / h.speed) * 1000) / 1000,
      room: room && x.path !== 'pitch-kept',
      decisionDb: Math.round(x.score.decisionDb * 100) / 100,
      minDb: Math.round(x.score.minDb * 100) / 100,
      excused:
        excused < 0
          ? null
          : {
              k: excused,
              state: used[excused]?.state,
              db: used[excused]?.db,
              secondDb: used[excused]?.secondDb,
              ...referenceOf(x.plan, lane, h, excused),
            },
      slots,
    })}\n`,
  );
}

const added: AddedCandidate[] = [];
traceFieldCandidates((c) => added.push(c));
let fired = 0;
for await (const block of fixedBlocks(chunks(), 128)) {
  fired += field.push(block).length;
  // The candidate's slots are read while the lanes still hold them (right when it is added).
  while (added.length > 0) report(added.shift() as AddedCandidate);
}
process.stderr.write(
  `${spec.id} ${values.which} ${values.split} N=${count}: ${fired} detections, ${events.length} events\n`,
);
