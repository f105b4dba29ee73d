/**
 * npx tsx bench/room-evidence-probe.ts condition triggered|quiet fromSec seconds [roomSeed] [triggerSeeds]
 *
 * The upper bound of a room reading, against chance (docs/decisions/audio-far-field-rooms.md,
 * "rooms4"). Prints one JSON line per reading, each slot read several ways:
 * - `triggered`: every event of the triggered programme read at the timing and frequencies it was
 *   played (speed 1, tempo 1, the start searched a few hops for the room's delay: the best strict
 *   decision), and whether the field detector fired for it.
 * - `quiet`: the trigger-free programme through one field detector per trigger set
 *   (`triggerSeeds`, comma separated, 24 triggers each); every timing the detector scores strictly
 *   is read at the speed its tones measure (as `strict` does), the best per pattern and place kept:
 *   the chance readings a relaxed rule would have to stay under.
 * Per slot: the shipped ratio (`db`), steadiness, frequency error, peaks in both halves, and the
 * reference's parts (dB over the tone bin's power): `beside` (the nearer neighbour bins), `quiet`
 * (this frequency in the pattern's other slots and the slot before), `wide` (the mean of the bins
 * 6-30 Hz either side: a floor normalised to the noise's own level) and `next` (this frequency in
 * the slot after: a room's tail of this tone); `tail` / `onset`: the tone in the frames centred
 * 20-80 ms after the slot's end / start (the room's switch-off and switch-on transients) over the
 * same frames at the pattern's other boundaries (rooms5). `PROBE_ROOM=l,w,h,rt60,dist` reads a
 * room the benchmark does not hold (babble at 0 dB), as bench/room-miss-probe.ts. A diagnosis
 * tool: its figures are not checked.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FieldDetector } from '@tonemark/audio';
import type { ConditionId } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import type {
  FieldInternals,
  FieldLimits,
  FieldPlan,
  Hypothesis,
  PatternScore,
  SpectrumLane,
} from './engine-internals.ts';
import { readSlot, scorePattern } from './engine-internals.ts';
import { probeCorpus } from './probe-corpus.ts';
import { playAndReadEvents } from './probe-events.ts';
import { probeRoomChunks } from './probe-room.ts';
import type { TriggeredProgramme } from './render-triggered-programme.ts';
import type { RoomEvidenceLine, RoomSlotReading } from './room-evidence-line.ts';
import { generateTriggerSet } from './trigger-set.ts';

exitOnHelp(import.meta.url);

const [conditionArg, modeArg = 'triggered', fromArg = '0', secondsArg = '480', seedArg, setsArg] =
  process.argv.slice(2);
const condition = (conditionArg ?? 'room-1.0s-6m-babble-0db') as ConditionId;
const quietMode = modeArg === 'quiet';
const seed = Number(seedArg ?? 20_251_122);
const { dir, manifest } = await probeCorpus();
const triggerSeeds = (setsArg ?? '').split(',').filter((s) => s !== '');
const programme = JSON.parse(
  await readFile(
    join(
      dir,
      triggerSeeds[0] && !quietMode ? `triggered-mixed-t${triggerSeeds[0]}.json` : 'triggered-mixed.json',
    ),
    'utf8',
  ),
) as TriggeredProgramme;
const rate = manifest.sampleRate;
const from = Math.round(Number(fromArg) * rate);
const samples = Math.round(Number(secondsArg) * rate);
const input = quietMode
  ? {
      path: join(dir, manifest.quiet.file),
      startSample: from,
      samples,
      sampleRate: rate,
      clips: manifest.quiet.clips,
    }
  : { path: join(dir, programme.file), startSample: from, samples, sampleRate: rate, clips: programme.clips };

type Internals = FieldInternals;
const sets = quietMode
  ? (triggerSeeds.length ? triggerSeeds : ['20251122']).map((s) => generateTriggerSet(24, Number(s)))
  : [programme.triggers];
const detectors = sets.map((triggers) => new FieldDetector({ sampleRate: rate, triggers }));
const db = (v: number) => Math.round(100 * 10 * Math.log10(Math.max(v, 1e-9))) / 100;

/** Power around fractional bin `bin` (the two straddling bins), as readSlot reads it. */
function pair(lane: SpectrumLane, bin: number, f: number, t: number): number {
  const b = Math.floor(bin);
  return lane.sum(b, f, t) + lane.sum(b + 1, f, t);
}
/** The tone's mean power over frames f..t and the nearer of its neighbour bins' (25 Hz off). */
function toneAndBeside(
  lane: SpectrumLane,
  bin: number,
  f: number,
  t: number,
  speed: number,
): { signal: number; beside: number } {
  const n = t - f + 1;
  const off = Math.max((25 * speed) / lane.binHz, 4);
  return {
    signal: pair(lane, bin, f, t) / n,
    beside: Math.min(pair(lane, bin - off, f, t), pair(lane, bin + off, f, t)) / n,
  };
}
function span(lane: SpectrumLane, a: number, slot: number): [number, number] {
  const w = lane.frameHops;
  const f = Math.ceil(a + w + 0.5);
  const t = Math.floor(a + slot - 0.5);
  return t - f < 1 ? [Math.round(a + (slot + w) / 2), Math.round(a + (slot + w) / 2)] : [f, t];
}

/** Every slot's reading, the shipped one and the reference's parts. */
function slotsOf(
  plan: FieldPlan,
  lanes: SpectrumLane[],
  h: Hypothesis,
  limits: FieldLimits,
): RoomSlotReading[] {
  const lane = lanes[0] as SpectrumLane;
  const tones = plan.bands[0]?.tones ?? [];
  return tones.map((tone, k) => {
    const r = readSlot(plan, 0, lane, h, k, true);
    const bin = lane.binOf(tone * h.speed);
    const [f, t] = span(lane, h.start + k * h.slot, h.slot);
    const n = t - f + 1;
    const { signal, beside } = toneAndBeside(lane, bin, f, t, h.speed);
    let quiet = 0;
    let count = 0;
    // This frequency in every slot from the one before the pattern on (dB under the signal; null
    // where the slot plays this tone itself).
    const refs: (number | null)[] = [];
    for (let j = -1; j < tones.length; j++) {
      if (j >= 0 && Math.abs((tones[j] as number) - tone) * h.speed <= 3 * lane.binHz) {
        refs.push(null);
        continue;
      }
      const [qf, qt] = span(lane, h.start + j * h.slot, h.slot);
      const level = pair(lane, bin, qf, qt) / (qt - qf + 1);
      refs.push(db(signal / (level + 1e-30)));
      quiet += level;
      count++;
    }
    const frames = (qf: number, qt: number) => {
      const v: number[] = [];
      for (let e = qf; e <= qt; e++) v.push(pair(lane, bin, e, e));
      return v;
    };
    const near: number[] = [];
    for (let j = -1; j < tones.length; j++) {
      if (j >= 0 && Math.abs((tones[j] as number) - tone) * h.speed <= 3 * lane.binHz) continue;
      near.push(...frames(...span(lane, h.start + j * h.slot, h.slot)));
    }
    const far = [...near];
    const before: (number | null)[] = [];
    for (let j = -4; j <= -2; j++) {
      const [qf, qt] = span(lane, h.start + j * h.slot, h.slot);
      if (!lane.holds(qf, qt)) {
        before.push(null);
        continue;
      }
      before.push(db(signal / (pair(lane, bin, qf, qt) / (qt - qf + 1) + 1e-30)));
      far.push(...frames(qf, qt));
    }
    const own = frames(f, t);
    const ownMedian = quantile(own, 0.5);
    let wide = 0;
    let wideCount = 0;
    for (let hz = 6; hz <= 30; hz += lane.binHz) {
      for (const s of [-1, 1]) {
        wide += lane.sum(Math.round(bin + (s * hz) / lane.binHz), f, t) / n;
        wideCount++;
      }
    }
    // The wide floor is one bin's power, the signal two bins' (pair).
    wide = (2 * wide) / Math.max(1, wideCount);
    const [nf, nt] = span(lane, h.start + (k + 1) * h.slot, h.slot);
    const next = lane.holds(nf, nt) ? pair(lane, bin, nf, nt) / (nt - nf + 1) : Number.NaN;
    const tail = edgeOf(lane, tones, h, k, bin, 'tail');
    const onset = edgeOf(lane, tones, h, k, bin, 'onset');
    const ok =
      !!r &&
      r.ratio >= limits.minRatio &&
      r.steady >= limits.minSteady &&
      r.errorBins <= limits.maxFrequencyErrorBins &&
      r.peakedHalves;
    return {
      tone,
      db: r ? db(r.ratio) : null,
      steady: r ? db(r.steady) : null,
      err: r ? Math.round(100 * r.errorBins) / 100 : null,
      peak: r?.peakedHalves ?? false,
      ok,
      beside: db(signal / (beside + 1e-30)),
      quiet: db(signal / (quiet / Math.max(1, count) + 1e-30)),
      wide: db(signal / (wide + 1e-30)),
      next: db(signal / (next + 1e-30)),
      refs,
      tail: tail?.db ?? null,
      tailPeak: tail?.peak ?? false,
      onset: onset?.db ?? null,
      onsetPeak: onset?.peak ?? false,
      before,
      nearP50: db(ownMedian / (quantile(near, 0.5) + 1e-30)),
      nearP25: db(ownMedian / (quantile(near, 0.25) + 1e-30)),
      farP50: db(ownMedian / (quantile(far, 0.5) + 1e-30)),
      farP25: db(ownMedian / (quantile(far, 0.25) + 1e-30)),
      medOverMean: db(ownMedian / (signal + 1e-30)),
    };
  });
}

/** The q-quantile of `v` (0 for none). */
function quantile(v: number[], q: number): number {
  if (v.length === 0) return 0;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
}

/** Frame centres (hops after a slot boundary) the edge readings take: a room's transient at a
 * tone's switch-on and switch-off (the first tens of ms, before the notch's paths cancel). */
const EDGE_CENTRES: [number, number] = [2, 8];

/**
 * Slot k's tone read in the frames centred just after its end (`tail`) or its start (`onset`),
 * over the same frames at this frequency at every other boundary of the pattern where no slot
 * beside it plays this tone, and over the nearer neighbour bins there. A notch is the steady
 * state's cancellation; the transients at the boundaries are partial sums of the room's paths
 * and are not notched with it (docs/decisions/audio-far-field-rooms.md, rooms5).
 */
function edgeOf(
  lane: SpectrumLane,
  tones: readonly number[],
  h: Hypothesis,
  k: number,
  bin: number,
  side: 'tail' | 'onset',
): { db: number; peak: boolean } | undefined {
  const w = lane.frameHops;
  const same = (j: number) =>
    j >= 0 && j < tones.length && Math.abs((tones[j] as number) - (tones[k] as number)) < 1;
  // Boundary b is the start of slot b: the tail of slot k sits at boundary k+1, its onset at k.
  const own = side === 'tail' ? k + 1 : k;
  const frames = (b: number): [number, number] => {
    const c = h.start + b * h.slot;
    return [Math.ceil(c + EDGE_CENTRES[0] + w / 2), Math.floor(c + EDGE_CENTRES[1] + w / 2)];
  };
  const [f, t] = frames(own);
  if (!lane.holds(frames(-1)[0], t)) return undefined;
  const { signal, beside } = toneAndBeside(lane, bin, f, t, h.speed);
  let quiet = 0;
  let count = 0;
  for (let b = -1; b <= tones.length; b++) {
    if (b === own || same(b - 1) || same(b)) continue;
    const [qf, qt] = frames(b);
    if (!lane.holds(qf, qt)) continue;
    quiet += pair(lane, bin, qf, qt) / (qt - qf + 1);
    count++;
  }
  const reference = Math.max(beside, count ? quiet / count : 0);
  const lo = Math.floor(bin);
  const v = [-1, 0, 1, 2].map((d) => lane.sum(lo + d, f, t));
  const [l, c, r] = (v[1] as number) >= (v[2] as number) ? [v[0], v[1], v[2]] : [v[1], v[2], v[3]];
  return {
    db: db(signal / (reference + 1e-30)),
    peak: (c as number) >= (l as number) && (c as number) >= (r as number),
  };
}

const out = (o: RoomEvidenceLine) => process.stdout.write(`${JSON.stringify(o)}\n`);

// Quiet: every strict timing, read at its measured speed; the best per pattern and place.
const chance = new Map<string, { decision: number; line: Omit<RoomEvidenceLine, 'condition'> }>();
detectors.forEach((detector, set) => {
  const inside = detector as unknown as Internals;
  const strictOf = inside.strict.bind(detector);
  inside.strict = (plan, found, only) => {
    const result = strictOf(plan, found, only);
    if (!quietMode || !found) return result;
    const lanes = inside.planLanes.get(plan) ?? [];
    const first = scorePattern(plan, lanes, found, inside.limits, false);
    if (!first || !lanes[0]) return result;
    const h = { ...found, speed: first.measuredSpeed };
    const s = scorePattern(plan, lanes, h, inside.limits, true);
    if (!s) return result;
    const key = `${set}:${plan.spec.id}:${Math.round(h.start / h.slot)}`;
    const prior = chance.get(key);
    if (!prior || s.decisionDb > prior.decision)
      chance.set(key, {
        decision: s.decisionDb,
        line: {
          kind: 'chance',
          set: triggerSeeds[set] ?? 'default',
          id: plan.spec.id,
          sec: (from / rate + (h.start * inside.front.hopSize) / rate).toFixed(2),
          speed: Math.round(h.speed * 1e5) / 1e5,
          tempo: Math.round((plan.slotHops / h.slot / h.speed) * 1000) / 1000,
          decision: Math.round(s.decisionDb * 100) / 100,
          pass: s.pass,
          fired: !!result,
          need: Math.round(inside.minMeanDb * 100) / 100,
          slots: slotsOf(plan, lanes, h, inside.limits),
        },
      });
    return result;
  };
});

const inside0 = detectors[0] as unknown as Internals;
const hopSize = inside0.front.hopSize;
const events = quietMode
  ? []
  : programme.events.filter((e) => e.startSample >= from && e.endSample < from + samples);
const rows: { e: (typeof events)[number]; line: Omit<RoomEvidenceLine, 'condition' | 'fired'> }[] = [];
const ctx = {
  tmpDir: join(dir, 'tmp'),
  seed,
  noise: { path: join(dir, manifest.quiet.file), clips: manifest.quiet.clips },
};
const fired = await playAndReadEvents(
  probeRoomChunks(condition, input, ctx),
  detectors,
  events,
  from,
  rate,
  (e) => {
    const plan = inside0.plans.find((p) => p.spec.id === e.triggerId);
    const lanes = plan ? (inside0.planLanes.get(plan) ?? []) : [];
    if (!plan || !lanes[0]) return;
    let best: { h: Hypothesis; s: PatternScore } | undefined;
    const startHop = (e.startSample - from) / hopSize;
    for (let shift = -4; shift <= 12; shift += 0.5) {
      const h = { start: startHop + shift, slot: plan.slotHops, speed: 1 };
      const s = scorePattern(plan, lanes, h, inside0.limits, true);
      const key = (v: PatternScore) => (v.pass ? 1000 : 0) + v.decisionDb;
      if (s && (!best || key(s) > key(best.s))) best = { h, s };
    }
    if (!best) return;
    rows.push({
      e,
      line: {
        kind: 'event',
        id: e.triggerId,
        sec: e.startSec.toFixed(2),
        decision: Math.round(best.s.decisionDb * 100) / 100,
        pass: best.s.pass,
        need: Math.round(inside0.minMeanDb * 100) / 100,
        slots: slotsOf(plan, lanes, best.h, inside0.limits),
      },
    });
  },
);
for (const { e, line } of rows) {
  const hit = fired.some((f) => f.id === e.triggerId && f.sec >= e.startSec && f.sec <= e.endSec + 2.5);
  out({ ...line, condition, fired: hit });
}
for (const { line } of chance.values()) out({ ...line, condition });
console.error(
  `${condition} ${modeArg} ${fromArg}+${secondsArg}s: ${rows.length} events, ${chance.size} chance readings, ${fired.length} detections`,
);
