/**
 * npx tsx bench/miss-trace.ts --condition speed-0.95 --split tune [--trigger-seed N] [--min-tone-hz 700] [--suggest-gap] [--triggers 3000]
 *   --miss T08@123.45[,T13@...]
 *
 * Traces missed events of the benchmark's triggered run (bench/out/audio-results.*.json,
 * details.missed: trigger and start as the detector heard it): plays the condition's triggered
 * stretch, as the benchmark renders it (overlap and repeat plays included), through the `dual`
 * detector up to each miss, and prints every proposal of the missed trigger near it (speed, slot
 * length, prescreen, the searched and fitted timings and their strict scores, each pitch-kept
 * reading and the searched timing it was read around), then, 0.4 s after the event's end (while
 * the lanes still hold a 2.5 s pattern at tempo 0.8), each slot's reading at the best timing
 * around the true one (speed and slot length the condition gives) and, at speed 1, the best
 * pitch-kept reading within a third of a slot and 6 % of slot length of it.
 * `PROBE_ROOM=l,w,h,rt60,dist` plays a room the benchmark does not hold instead (babble at 0 dB,
 * as bench/room-miss-probe.ts). `--triggers N` listens for the benchmark's decoys too, as its cost
 * table does (a miss at N = 3,000). A diagnosis tool: its figures are not checked.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { FieldDetector, fixedBlocks, RobustDetectorV1 } from '@tonemark/audio';
import type { CorpusManifest } from './build-corpus.ts';
import { conditionSpec } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import { parseSplit, splitSeed, TUNE_TRIGGERED_SEC, triggeredSplitStartSec } from './corpus-split.ts';
import type { FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import {
  bestPitchKept,
  DualDetector,
  type PitchKeptReading,
  readSlot,
  scorePattern,
  timingScore,
} from './engine-internals.ts';
import { wrapFieldStep } from './field-candidate-paths.ts';
import { probeRoomChunks } from './probe-room.ts';
import { programmeNameOf, type TriggeredProgramme } from './render-triggered-programme.ts';
import { extraTriggers, stretchEvents } from './run-condition.ts';
import { MATCH_WINDOW_AFTER_END_SEC } from './score-detections.ts';
import { generateDecoys } from './trigger-set.ts';
import { TRIGGER_SET_OPTIONS, triggerSetRecipeOf } from './trigger-set-flags.ts';

exitOnHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    condition: { type: 'string', default: 'clean' },
    split: { type: 'string', default: 'tune' },
    ...TRIGGER_SET_OPTIONS,
    miss: { type: 'string' },
    // Other triggers whose proposals to print too (a wrong trigger fired for the missed one).
    watch: { type: 'string' },
    // Print the tone tracks near the missed triggers' tones (their onsets are the proposals' anchors).
    tracks: { type: 'boolean', default: false },
    // Active triggers: the embedded ones plus the cost table's never-played decoys.
    triggers: { type: 'string', default: '24' },
    // Print every trigger's candidate near a miss (which rival made the missed one ambiguous).
    candidates: { type: 'boolean', default: false },
  },
});
const misses = (values.miss ?? '')
  .split(',')
  .filter(Boolean)
  .map((m) => {
    const [id = '', at = ''] = m.split('@');
    return { id, at: Number(at) };
  });
if (misses.length === 0 || misses.some((m) => !Number.isFinite(m.at))) throw new Error('--miss T08@sec,...');
const here = import.meta.dirname;
const corpusDir = join(here, 'corpus');
const manifest = JSON.parse(await readFile(join(corpusDir, 'manifest.json'), 'utf8')) as CorpusManifest;
const programmeName = programmeNameOf(triggerSetRecipeOf(values));
const programme = JSON.parse(
  await readFile(join(corpusDir, `${programmeName}.json`), 'utf8'),
) as TriggeredProgramme;
const spec = conditionSpec(values.condition);
const split = parseSplit(values.split);
const heldout = split === 'heldout';
const seed = splitSeed(split);
const rate = manifest.sampleRate;
const factor = spec.timeFactor ?? 1;
const triggeredFrom = triggeredSplitStartSec(split) * rate;
const lastSec = Math.max(...misses.map((m) => m.at)) + 4;
const samples = Math.min(
  Math.round(lastSec * factor * rate),
  heldout ? programme.samples - triggeredFrom : TUNE_TRIGGERED_SEC * rate,
);
const events = stretchEvents(programme.events, triggeredFrom, samples, rate, factor);
const extra =
  spec.extra === undefined ? undefined : extraTriggers(spec.extra, events, programme.triggers, rate);
const decoys = generateDecoys(
  Math.max(0, Number(values.triggers) - programme.triggers.length),
  programme.triggers,
  seed + 7,
);
const triggers = [...programme.triggers, ...decoys].map((t) =>
  spec.signal ? { ...t, signal: spec.signal } : t,
);
const ctx = {
  tmpDir: join(corpusDir, 'tmp'),
  seed,
  noise: { path: join(corpusDir, manifest.quiet.file), clips: manifest.quiet.clips },
};
const source = {
  path: join(corpusDir, programme.file),
  startSample: triggeredFrom,
  samples,
  sampleRate: rate,
  clips: programme.clips,
};
const chunks = probeRoomChunks(spec.id, source, extra ? { ...ctx, extras: extra.sounds } : ctx);

const f = (v: number, d = 1) => v.toFixed(d);
const dB = (r: number) => 10 * Math.log10(Math.max(r, 1e-6));
const opts = { sampleRate: spec.outputRate, triggers };
const field = new FieldDetector(opts);
const dual = new DualDetector(opts, { coherent: new RobustDetectorV1(opts), field });
const self = field as unknown as {
  planLanes: Map<FieldPlan, SpectrumLane[]>;
  front: { hopSize: number };
  limits: Parameters<typeof scorePattern>[3];
  minMeanDb: number;
};
const hopsPerSec = () => spec.outputRate / self.front.hopSize;
let hopNow = 0;
const alsoWatched = (values.watch ?? '').split(',').filter(Boolean);
const conditionSpeed = spec.id.startsWith('speed-') ? factor : 1;
// Proposals at the condition's speed (within 1.5 %) only: music proposes a pattern at every speed.
const watched = (plan: FieldPlan, speed = conditionSpeed) =>
  Math.abs(speed / conditionSpeed - 1) < 0.015 &&
  misses.some(
    (m) =>
      (String(m.id) === String(plan.spec.id) || alsoWatched.includes(String(plan.spec.id))) &&
      Math.abs(hopNow / hopsPerSec() - m.at) < 5,
  );

const wrap = wrapFieldStep;
interface DeferredLike {
  plan: FieldPlan;
  anchor: number;
  anchorSlot: number;
  speed: number;
  slot: number;
}
const describe = (h: Hypothesis | undefined) =>
  h ? `start ${f(h.start)} slot ${f(h.slot, 2)} speed ${f(h.speed, 4)}` : 'none';
wrap('schedule', (orig, me, a) => {
  const [entry, lastHz, lastStart, slot, hop] = a as [
    { plan: FieldPlan; lastHz: number },
    number,
    number,
    number,
    number,
  ];
  hopNow = hop;
  if (watched(entry.plan, lastHz / entry.lastHz))
    process.stdout.write(
      `  propose ${entry.plan.spec.id} at ${f(hop / hopsPerSec(), 2)} s: last ${f(lastHz)} Hz onset ${lastStart} slot ${f(slot, 2)} speed ${f(lastHz / entry.lastHz, 4)}\n`,
    );
  return orig.apply(me, a);
});
wrap('prescreen', (orig, me, a) => {
  const d = a[0] as DeferredLike;
  // The prescreen answers pass or fail (d36e295 stopped it returning its figure).
  const v = orig.apply(me, a) as boolean;
  if (watched(d.plan, d.speed))
    process.stdout.write(
      `  prescreen ${d.plan.spec.id} anchor ${d.anchor} slot ${f(d.slot, 2)} speed ${f(d.speed, 4)}: ${v ? 'pass' : 'fail'} (floor ${f((a[1] as number) ?? 0)} dB)\n`,
    );
  return v;
});
wrap('strict', (orig, me, a) => {
  const [plan, found] = a as [FieldPlan, Hypothesis | undefined];
  const r = orig.apply(me, a) as { refined: Hypothesis; score: { decisionDb: number } } | undefined;
  if (watched(plan, found?.speed))
    process.stdout.write(
      `  strict ${plan.spec.id} searched ${describe(found)} -> ${r ? `PASS ${describe(r.refined)} ${f(r.score.decisionDb)} dB` : 'fail'}\n`,
    );
  return r;
});
interface TrackLike {
  bin: number;
  start: number;
  firstHop: number;
  lastHop: number;
}
interface LaneLike {
  spectrum: { hzOf(bin: number): number };
  tracker: { active: TrackLike[]; endedLong: TrackLike[] };
}
/** Which missed trigger's tone (at the condition's speed) a track's frequency is within 2 % of. */
const nearTone = (hz: number): string | undefined => {
  for (const m of misses) {
    const plan = [...self.planLanes.keys()].find((p) => String(p.spec.id) === m.id);
    for (const tone of plan?.bands[0]?.tones ?? [])
      if (Math.abs(hz / (tone * conditionSpeed) - 1) < 0.02 && Math.abs(hopNow / hopsPerSec() - m.at) < 4)
        return `${m.id}'s ${tone} Hz`;
  }
  return undefined;
};
if (values.tracks)
  wrap('propose', (orig, me, a) => {
    const [lane, track, hop] = a as [LaneLike, TrackLike, number];
    hopNow = hop;
    const hz = lane.spectrum.hzOf(track.bin);
    const tone = nearTone(hz);
    if (tone)
      process.stdout.write(
        `  track ${f(hz)} Hz (${tone}) onset ${f(track.start)} proposed at ${f(hop / hopsPerSec(), 2)} s\n`,
      );
    return orig.apply(me, a);
  });
wrap('pitchKept', (orig, me, a) => {
  const d = a[0] as DeferredLike;
  const r = orig.apply(me, a) as PitchKeptReading | undefined;
  if (watched(d.plan, d.speed))
    process.stdout.write(
      `  pitch-kept ${d.plan.spec.id} anchor ${d.anchor} slot ${f(d.slot, 2)} -> ${r ? `PASS ${describe(r.refined)} ${f(r.score.decisionDb)} dB (+${r.extraDb})` : 'none'}\n`,
    );
  return r;
});
wrap('keptAround', (orig, me, a) => {
  const [plan, , found] = a as [FieldPlan, unknown, Hypothesis];
  const r = orig.apply(me, a) as PitchKeptReading | undefined;
  if (watched(plan, 1))
    process.stdout.write(
      `    kept around ${describe(found)} -> ${r ? `${describe(r.refined)} ${f(r.score.decisionDb)}` : 'none'}\n`,
    );
  return r;
});
interface CandidateLike {
  plan: FieldPlan;
  score: { meanDb: number; decisionDb: number };
  hypothesis: Hypothesis;
  decideAt: number;
}
const nearMiss = () => misses.some((m) => Math.abs(hopNow / hopsPerSec() - m.at) < 5);
if (values.candidates) {
  wrap('addCandidate', (orig, me, a) => {
    const [plan, found, hop] = a as [
      FieldPlan,
      { refined: Hypothesis; score: CandidateLike['score'] },
      number,
    ];
    hopNow = hop;
    if (nearMiss())
      process.stdout.write(
        `  candidate ${plan.spec.id} [${plan.bands.map((b) => b.tones.join('-')).join(' | ')}] at ${f(hop / hopsPerSec(), 2)} s: ${describe(found.refined)} mean ${f(found.score.meanDb)} decision ${f(found.score.decisionDb)}\n`,
      );
    return orig.apply(me, a);
  });
  wrap('decide', (orig, me, a) => {
    const [hop, out] = a as [number, { triggerId: string | number }[]];
    hopNow = hop;
    const pending = (me as { pending: CandidateLike[] }).pending;
    const due = nearMiss() ? [...pending] : [];
    const before = out.length;
    const r = orig.apply(me, a);
    const left = (me as { pending: CandidateLike[] }).pending;
    const decidedNow = due.filter((c) => !left.includes(c));
    // Each pair's own slots (those the other does not sound), as the decision weighs them.
    const own = (me as { ownSlotDb(a: CandidateLike, b: CandidateLike): number }).ownSlotDb.bind(me);
    for (const a of decidedNow)
      for (const b of decidedNow)
        if (a.plan !== b.plan)
          process.stdout.write(
            `  own slots of ${a.plan.spec.id} beside ${b.plan.spec.id}: ${f(own(a, b))} dB\n`,
          );
    if (decidedNow.length > 0)
      process.stdout.write(
        `  decide at ${f(hop / hopsPerSec(), 2)} s: ${decidedNow.map((c) => `${c.plan.spec.id} ${f(c.score.meanDb)}${c.decideAt === Number.NEGATIVE_INFINITY ? ' (ambiguous)' : ''}`).join(', ')} -> fired ${
          out
            .slice(before)
            .map((d) => d.triggerId)
            .join(',') || 'none'
        }\n`,
      );
    return r;
  });
}
// Each report either detector hands the dual detector near a miss (a coherent report the dual
// detector drops can take the field detector's later report of the same occurrence with it).
const dualProto = DualDetector.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
const mergeOrig = dualProto.merge as (...a: unknown[]) => unknown;
dualProto.merge = function (this: unknown, ...a: unknown[]) {
  const [d, source] = a as [{ triggerId: string | number; timeSec: number }, string];
  if (misses.some((m) => Math.abs(d.timeSec - m.at) < 6))
    process.stdout.write(`  dual hears ${source} ${d.triggerId} at ${f(d.timeSec, 2)} s\n`);
  return mergeOrig.apply(this, a);
};
wrap('analyse', (orig, me, a) => {
  hopNow = a[0] as number;
  return orig.apply(me, a);
});

function readTrue(plan: FieldPlan, event: { startSec: number }): void {
  const lanes = self.planLanes.get(plan) ?? [];
  const lane = lanes[0];
  if (!lane) return;
  const slot = plan.slotHops / factor;
  const naive = event.startSec * hopsPerSec() - lane.frameHops / 2;
  let best: { h: Hypothesis; db: number } | undefined;
  for (let s = -slot / 2; s <= slot / 2; s += 0.5) {
    const h = { start: naive + s, slot, speed: conditionSpeed };
    const db = timingScore(plan, lanes, h);
    if (db !== undefined && (!best || db > best.db)) best = { h, db };
  }
  if (!best) return void process.stdout.write('  (audio no longer held)\n');
  readKept(plan, lanes, best.h);
  for (const shift of [-8, -4, 0, 4, 8]) {
    const h = { ...best.h, start: best.h.start + shift };
    const score = scorePattern(plan, lanes, h, self.limits, true);
    process.stdout.write(
      `  true timing ${shift >= 0 ? '+' : ''}${shift} hops (${describe(h)}, naive ${f(best.h.start - naive)}): ${score ? `${score.pass ? 'pass' : 'FAIL'} decision ${f(score.decisionDb)} (min ${f(self.minMeanDb)}) min slot ${f(score.minDb)}` : '-'}\n`,
    );
    if (shift !== 0) continue;
    for (let b = 0; b < plan.bands.length; b++) {
      const l = lanes[b];
      for (let k = 0; l && k < plan.slotCount; k++) {
        const r = readSlot(plan, b, l, h, k, true);
        if (r)
          process.stdout.write(
            `     band ${b} slot ${k} ${plan.bands[b]?.tones[k]} Hz: ratio ${f(dB(r.ratio))} steady ${f(dB(r.steady), 2)} err ${f(r.errorBins, 2)} peaks ${r.peakedHalves}\n`,
          );
      }
    }
  }
}

/** The best pitch-kept reading (speed 1, each tone within a few Hz) around the true timing:
 * start within a third of a slot, slot length within 6 %, as the detector's own grid reads it. */
function readKept(plan: FieldPlan, lanes: SpectrumLane[], truth: Hypothesis): void {
  if (conditionSpeed !== 1) return;
  let best: PitchKeptReading | undefined;
  let at = '';
  for (let s = -truth.slot / 3; s <= truth.slot / 3; s += 2)
    for (const scale of [0.94, 1, 1.06]) {
      const h = { start: truth.start + s, slot: truth.slot * scale, speed: 1 };
      const r = bestPitchKept(plan, lanes, h, self.limits);
      if (r && (!best || r.score.decisionDb - r.extraDb > best.score.decisionDb - best.extraDb)) {
        best = r;
        at = `${f(s)} hops`;
      }
    }
  process.stdout.write(
    `  pitch-kept near truth: ${best ? `${describe(best.refined)} (from ${at}) decision ${f(best.score.decisionDb)} needs ${f(self.minMeanDb + best.extraDb)} min slot ${f(best.score.minDb)}` : 'none passes every slot'}\n`,
  );
}

/** When the true timing is read, after the event's end (s). */
const READ_AFTER_END_SEC = 0.4;
const readAlready = new Set<(typeof misses)[number]>();
const pendingMisses = [...misses].sort((x, y) => x.at - y.at);
let pushed = 0;
for await (const block of fixedBlocks(chunks, 128)) {
  pushed += block.length;
  const now = pushed / spec.outputRate;
  for (const d of dual.push(block))
    if (misses.some((m) => Math.abs(now - m.at) < 6))
      process.stdout.write(
        `detected ${d.triggerId} at ${f(now, 2)} speed ${d.speed} tempo ${d.tempo} snr ${d.snrDb}\n`,
      );
  const miss = pendingMisses[0];
  if (!miss) break;
  const event = [...events, ...(extra?.events ?? [])].find(
    (e) => String(e.triggerId) === miss.id && Math.abs(e.startSec - miss.at) < 3,
  );
  if (!event) throw new Error(`no event ${miss.id}@${miss.at}`);
  // The true timing is read soon after the event's end, while the lanes still hold its start
  // (a 2.5 s pattern at tempo 0.8 has left them by the end of the match window).
  if (now >= event.endSec + READ_AFTER_END_SEC && !readAlready.has(miss)) {
    readAlready.add(miss);
    const plan = [...self.planLanes.keys()].find((p) => String(p.spec.id) === miss.id);
    process.stdout.write(`READ ${miss.id} at ${f(now, 2)} s (the event ends at ${f(event.endSec, 2)} s)\n`);
    if (plan) readTrue(plan, event);
  }
  // Up to the end of the benchmark's match window: a detection before then is no miss.
  if (now < event.endSec + MATCH_WINDOW_AFTER_END_SEC) continue;
  pendingMisses.shift();
  const plan = [...self.planLanes.keys()].find((p) => String(p.spec.id) === miss.id);
  const others = [...events, ...(extra?.events ?? [])]
    .filter((e) => e !== event && e.endSec > event.startSec - 1 && e.startSec < event.endSec + 1)
    .map((e) => `${e.triggerId}@${f(e.startSec, 2)}`);
  process.stdout.write(
    `MISS ${miss.id} [${plan?.bands.map((b) => b.tones.join('-')).join(' | ')}] ${f(event.startSec, 2)}-${f(event.endSec, 2)} s; near: ${others.join(' ') || 'none'}\n`,
  );
  if (values.tracks) printTracks(event);
}

/** The tracks near the missed trigger's tones that overlapped its play, with onsets and ends. */
function printTracks(event: { startSec: number; endSec: number }): void {
  const lanes = (field as unknown as { lanes: LaneLike[] }).lanes;
  const from = event.startSec * hopsPerSec() - 200;
  const to = event.endSec * hopsPerSec() + 50;
  for (const lane of lanes)
    for (const t of [...lane.tracker.endedLong, ...lane.tracker.active]) {
      const hz = lane.spectrum.hzOf(t.bin);
      const tone = nearTone(hz);
      if (tone && t.lastHop > from && t.start < to)
        process.stdout.write(
          `     track ${f(hz)} Hz (${tone}): onset ${f(t.start)} first ${t.firstHop} last ${t.lastHop}\n`,
        );
    }
}
