/**
 * npx tsx bench/as-made-probe.ts --condition C [--which triggered|quiet] [--split tune|heldout]
 *   [--sec S] [--trigger-seed N]
 *
 * Runs the `dual` detector over one stretch of the benchmark corpus under one condition and prints,
 * for every coherent-only detection the dual detector asks the field detector to read as tones
 * (`heardAsMade`, docs/decisions/audio-fp-guard.md), one JSON line: whether it was a played trigger
 * (triggered programme, matching event: TRUE) or not (FP), the guard's verdict, and each slot's
 * reading at the best-timed as-made end (ratio, frequency error, steadiness, the strongest peak
 * within a few bins and how far it stands over the grid bin). A diagnosis tool: nothing is checked.
 */
import { parseArgs } from 'node:util';
import { type Detector, FieldDetector, fixedBlocks, RobustDetectorV1 } from '@tonemark/audio';
import { exitOnHelp } from './cli-help.ts';
import type { FieldPlan, SpectrumLane } from './engine-internals.ts';
import { DualDetector, readTonesAsMade, slotsReadAsTones, TONES_END_BEFORE_SEC } from './engine-internals.ts';
import { probeStretch } from './probe-stretch.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'clean' },
    which: { type: 'string', default: 'triggered' },
    split: { type: 'string', default: 'tune' },
    sec: { type: 'string' },
    /** Start this many seconds (as the detector hears them) into the split's stretch. */
    from: { type: 'string', default: '0' },
    'trigger-seed': { type: 'string' },
  },
});
const {
  triggers: embedded,
  spec,
  skipSec,
  triggered,
  events,
  chunks: stretchChunks,
} = await probeStretch(values, 3600);
const triggers = embedded.map((t) => (spec.signal ? { ...t, signal: spec.signal } : t));
const opts = { sampleRate: spec.outputRate, triggers };
const field = new FieldDetector(opts);
const inside = field as unknown as {
  plans: FieldPlan[];
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  front: { hopSize: number };
  limits: { minRatio: number };
};
const hopsPerSec = spec.outputRate / inside.front.hopSize;
const asField: Detector & { heardAsMade: FieldDetector['heardAsMade'] } = {
  kind: field.kind,
  push: (b) => field.push(b),
  reset: () => field.reset(),
  setTriggers: (t) => field.setTriggers(t),
  heardAsOther: (id: string | number, a: number, b: number) => field.heardAsOther(id, a, b),
  heardAsMade: (id: string | number, from: number, to: number) => {
    const verdict = field.heardAsMade(id, from, to);
    const plan = inside.plans.find((p) => p.spec.id === id);
    const lane = plan && inside.planLanes.get(plan)?.[0];
    // The coherent report's stream time (the range starts TONES_END_BEFORE_SEC[0] before it).
    const reportSec = from + TONES_END_BEFORE_SEC[0];
    const t = reportSec + skipSec;
    const event = events.find((e) => e.id === String(id) && t >= e.startSec && t <= e.endSec + 2.5);
    const read = (range: readonly [number, number], lengths?: number[]) =>
      plan && lane
        ? readTonesAsMade(
            plan,
            lane,
            (reportSec - range[0]) * hopsPerSec,
            (reportSec - range[1]) * hopsPerSec,
            lengths,
          )
        : undefined;
    // The range before this change (ends 0.5-0.05 s before the report), the shipped one, and the
    // shipped one with the slot length free over tempo 0.8-1.25.
    const lengths: number[] = [];
    if (plan)
      for (let s = Math.floor(plan.slotHops / 1.25); s <= Math.ceil(plan.slotHops / 0.8); s++)
        lengths.push(s);
    const before = read([0.5, 0.05]);
    const reading = read(TONES_END_BEFORE_SEC);
    const tempoRead = read(TONES_END_BEFORE_SEC, lengths);
    const ok = (r: typeof reading) => (r ? slotsReadAsTones(r.slots, inside.limits.minRatio) : false);
    // The rule before covered slots were excused: only a masked one (loud, off its peak).
    const masked = (r: typeof reading) => {
      if (!r) return false;
      let excused = 0;
      let heardDb = 0;
      for (const x of r.slots) {
        if (x.ratio > 1 && x.errorBins <= 1) heardDb += 10 * Math.log10(x.ratio);
        else if (x.ratio >= inside.limits.minRatio) excused++;
        else return false;
      }
      return excused === 0 || (excused === 1 && heardDb / 3 >= 12);
    };
    const variants = { shipped: masked(before), rangeOnly: masked(reading), tempo: ok(tempoRead) };
    process.stdout.write(
      `${JSON.stringify({ kind: triggered ? (event ? 'TRUE' : 'STRAY') : 'FP', condition: spec.id, id, t: Math.round(t * 100) / 100, verdict, variants, lateSec: event ? Math.round((t - event.endSec) * 100) / 100 : null, before, reading, tempoRead, slotHops: plan?.slotHops })}\n`,
    );
    return verdict;
  },
} as Detector & { heardAsMade: FieldDetector['heardAsMade'] };
const coherentPart = new RobustDetectorV1(opts);
let pushedSamples = 0;
// Every coherent report, with how long after its event's end it came (the as-made read's range).
const coherent: Detector = {
  kind: coherentPart.kind,
  push: (b) => {
    pushedSamples += b.length;
    const out = coherentPart.push(b);
    for (const d of out) {
      const t = skipSec + pushedSamples / spec.outputRate;
      const event = events.find(
        (e) => e.id === String(d.triggerId) && t >= e.startSec && t <= e.endSec + 2.5,
      );
      if (event)
        process.stdout.write(
          `${JSON.stringify({ kind: 'COH', id: d.triggerId, t, lateSec: t - event.endSec })}\n`,
        );
    }
    return out;
  },
  reset: () => coherentPart.reset(),
  setTriggers: (t) => coherentPart.setTriggers(t),
};
const dual = new DualDetector(opts, { coherent, field: asField });
const chunks = stretchChunks();
let detections = 0;
for await (const block of fixedBlocks(chunks, 128)) detections += dual.push(block).length;
process.stderr.write(
  `${spec.id} ${values.which} ${values.split}: ${detections} detections, ${events.length} events\n`,
);
