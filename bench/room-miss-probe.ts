/**
 * npx tsx bench/room-miss-probe.ts condition [fromSec] [seconds] [seed]
 *
 * Why the field detector misses played triggers in a room: runs it over the triggered programme
 * under one condition and, for every event, scores the event's own pattern at the timing it was
 * played (speed 1, tempo 1, the start searched over a few hops for the room's delay) and prints
 * each slot's reading there (tone over reference dB / steadiness dB / frequency error in bins, `!`
 * where it is not a peak in both halves), whether that oracle timing passes, and whether the
 * detector fired. A miss that passes at the oracle timing lost its timing (proposal or search);
 * one that fails there lacks the evidence (docs/decisions/audio-far-field-rooms.md).
 */
import { join } from 'node:path';
import { FieldDetector } from '@tonemark/audio';
import type { ConditionId } from './channel-conditions.ts';
import { exitOnHelp } from './cli-help.ts';
import type { FieldInternals, FieldPlan, Hypothesis, SpectrumLane } from './engine-internals.ts';
import { readSlot, scorePattern } from './engine-internals.ts';
import { probeCorpus } from './probe-corpus.ts';
import { playAndReadEvents } from './probe-events.ts';
import { probeRoomChunks } from './probe-room.ts';

exitOnHelp(import.meta.url);

const [conditionArg, fromArg = '0', secondsArg = '480', seedArg] = process.argv.slice(2);
const condition = (conditionArg ?? 'room-1.0s-6m-babble-0db') as ConditionId;
const seed = Number(seedArg ?? 20_251_122);
const { dir, manifest, programme } = await probeCorpus();
const rate = manifest.sampleRate;
const from = Math.round(Number(fromArg) * rate);
const samples = Math.round(Number(secondsArg) * rate);
const input = {
  path: join(dir, programme.file),
  startSample: from,
  samples,
  sampleRate: rate,
  clips: programme.clips,
};
const events = programme.events.filter((e) => e.startSample >= from && e.endSample < from + samples);

type Internals = FieldInternals;
const detector = new FieldDetector({ sampleRate: rate, triggers: programme.triggers });
const inside = detector as unknown as Internals;
const hopSize = inside.front.hopSize;
// Every timing the detector scored strictly (its `strict` step), to compare with the played one.
const tried: { id: string; h: Hypothesis; ok: boolean }[] = [];
const probe = detector as unknown as Pick<Internals, 'strict'>;
const strictOf = probe.strict.bind(detector);
probe.strict = (plan, found, only) => {
  const r = strictOf(plan, found, only);
  if (found) tried.push({ id: String(plan.spec.id), h: found, ok: !!r });
  return r;
};
const db = (v: number) => (10 * Math.log10(Math.max(v, 1e-6))).toFixed(1);
let misses = 0;
let oraclePass = 0;

/** The best-scoring (strict) start near the played one, at speed 1 and the nominal slot. */
function oracle(plan: FieldPlan, lanes: SpectrumLane[], startHop: number) {
  let best: { h: Hypothesis; decision: number; pass: boolean } | undefined;
  for (let shift = -4; shift <= 12; shift += 0.5) {
    const h = { start: startHop + shift, slot: plan.slotHops, speed: 1 };
    const s = scorePattern(plan, lanes, h, inside.limits, true);
    if (!s) continue;
    const key = (s.pass ? 1000 : 0) + s.decisionDb;
    if (!best || key > (best.pass ? 1000 : 0) + best.decision)
      best = { h, decision: s.decisionDb, pass: s.pass };
  }
  return best;
}

function slotsOf(plan: FieldPlan, lanes: SpectrumLane[], h: Hypothesis): string {
  const out: string[] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const r = lanes[0] && readSlot(plan, 0, lanes[0], h, k, true);
    if (r)
      out.push(
        `${plan.bands[0]?.tones[k]}:${db(r.ratio)}/${db(r.steady)}/${r.errorBins.toFixed(2)}${r.peakedHalves ? '' : '!'}`,
      );
  }
  return out.join('  ');
}

interface Row {
  e: (typeof events)[number];
  plan: FieldPlan;
  best: ReturnType<typeof oracle>;
  slots: string;
}
const pendingRows: Row[] = [];

const ctx = {
  tmpDir: join(dir, 'tmp'),
  seed,
  noise: { path: join(dir, manifest.quiet.file), clips: manifest.quiet.clips },
};
const chunks = probeRoomChunks(condition, input, ctx);
const fired = await playAndReadEvents(chunks, [detector], events, from, rate, (e) => {
  const plan = inside.plans.find((p) => p.spec.id === e.triggerId);
  const lanes = plan ? (inside.planLanes.get(plan) ?? []) : [];
  if (!plan || !lanes[0]) return;
  const best = oracle(plan, lanes, (e.startSample - from) / hopSize);
  // Detections come later than the read: settled at the end.
  // The played timing at the speed the detector would measure there (strict's refinement).
  const measured = best && scorePattern(plan, lanes, best.h, inside.limits, false)?.measuredSpeed;
  const atMeasured =
    best && measured
      ? scorePattern(plan, lanes, { ...best.h, speed: measured }, inside.limits, true)
      : undefined;
  const speedNote = `speed ${measured?.toFixed(5)} ${atMeasured?.pass ? 'P' : 'F'}${atMeasured?.decisionDb.toFixed(1)}`;
  pendingRows.push({
    e,
    plan,
    best,
    slots: `${best ? slotsOf(plan, lanes, best.h) : ''} | ${speedNote}`,
  });
});

for (const row of pendingRows) {
  const hit = fired.some(
    (f) => f.id === row.e.triggerId && f.sec >= row.e.startSec && f.sec <= row.e.endSec + 2.5,
  );
  if (hit) continue;
  misses++;
  if (row.best?.pass && row.best.decision >= inside.minMeanDb) oraclePass++;
  const played = row.best?.h;
  const near = played
    ? tried.filter((t) => t.id === row.e.triggerId && Math.abs(t.h.start - played.start) < 2 * played.slot)
    : [];
  const timings = near
    .map(
      (t) =>
        `${(t.h.start - (played?.start ?? 0)).toFixed(1)}h/x${(t.h.slot / (played?.slot ?? 1)).toFixed(3)}${t.ok ? ' ok' : ''}`,
    )
    .join(' ');
  console.log(
    `MISS ${row.e.triggerId} ${row.e.startSec.toFixed(2)}s @${played?.start.toFixed(1)} oracle ${row.best?.pass ? 'pass' : 'fail'} ${row.best?.decision.toFixed(1)} dB (need ${inside.minMeanDb.toFixed(1)}) | ${row.slots} | tried ${near.length}: ${timings}`,
  );
}
console.error(
  `${condition} ${fromArg}+${secondsArg}s: ${pendingRows.length} events, ${misses} field misses, ${oraclePass} of them pass at the played timing`,
);
