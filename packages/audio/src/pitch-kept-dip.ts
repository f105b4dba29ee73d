import { type Hypothesis, readSlot, type SlotReading, slotFrom, slotTo } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * Share of a slot's frames a dip-tolerant reading keeps (the strongest at the tone). A time
 * stretcher that keeps the pitch (WSOLA) repeats and drops short chunks of the mixed programme, so
 * a stretched slot's tone comes and goes: some frames lose it while the rest hold it as played.
 * docs/decisions/audio-tempo-pitch-kept.md, "Fourth pass".
 */
export const DIP_KEEP = 0.65;
/** Slots of a pitch-kept reading that may be read dip-tolerant: a dipped stretch shows one (on
 * the tuning split), while every slot read this way would lift chance notes of music as much. */
export const MAX_DIPPED_SLOTS = 1;
/** Fewer frames than this inside a slot: too few to leave any out. */
const MIN_FRAMES = 6;

/**
 * Reads slot `k` as `readSlot` does, but from the strongest `DIP_KEEP` of its frames at the tone:
 * the slot's references (its neighbours and its floor) are read over the whole slot as usual, so
 * only the tone's own level gains from the frames left out. Steadiness and the peak in each half
 * are read over the frames kept, the frequency over all of them. Undefined when the audio is not
 * held or the slot has too few frames to leave any out.
 */
export function readSlotDipTolerant(
  plan: FieldPlan,
  band: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
): SlotReading | undefined {
  const plain = readSlot(plan, band, lane, h, k, false);
  if (!plain || !(plain.signal > 0)) return undefined;
  const nominal = plan.bands[band]?.tones[k] as number;
  const b = Math.floor(lane.binOf(nominal * h.speed));
  const a = h.start + k * h.slot;
  const from = slotFrom(lane.frameHops, a, h.slot);
  const to = slotTo(lane.frameHops, a, h.slot);
  const n = to - from + 1;
  if (n < MIN_FRAMES) return undefined;
  const power: number[] = [];
  for (let f = from; f <= to; f++) power.push(lane.sum(b, f, f) + lane.sum(b + 1, f, f));
  const keep = Math.ceil(DIP_KEEP * n);
  const threshold = [...power].sort((x, y) => y - x)[keep - 1] as number;
  const mid = (from + to) >> 1;
  // Per half: the tone's power over the frames kept, and the four bins around it (the peak test).
  const halves = [0, 1].map(() => ({ tone: 0, count: 0, bins: [0, 0, 0, 0] }));
  let kept = 0;
  let signal = 0;
  for (let i = 0; i < n && kept < keep; i++) {
    const p = power[i] as number;
    if (p < threshold) continue;
    const f = from + i;
    const half = halves[f <= mid ? 0 : 1] as (typeof halves)[number];
    half.tone += p;
    half.count++;
    for (let j = 0; j < 4; j++) half.bins[j] = (half.bins[j] as number) + lane.sum(b - 1 + j, f, f);
    signal += p;
    kept++;
  }
  signal /= kept;
  const [first, second] = halves.map((x) => (x.count > 0 ? x.tone / x.count : 0)) as [number, number];
  const steady = Math.min(first, second) / (0.5 * (first + second) + 1e-30);
  const peakedHalves = halves.every((x) => x.count > 0 && peaks(x.bins));
  return { ...plain, ratio: (plain.ratio * signal) / plain.signal, signal, steady, peakedHalves };
}

/** Whether the stronger of the two middle bins is a local peak (bins b-1..b+2). */
function peaks(bins: readonly number[]): boolean {
  const [v0, v1, v2, v3] = bins as [number, number, number, number];
  const [left, centre, right] = v1 >= v2 ? [v0, v1, v2] : [v1, v2, v3];
  return centre >= left && centre >= right && centre > 0;
}
