import { AS_MADE_PEAK_BINS, readTonesAsMade, slotsReadAsTones } from './field-as-made.ts';
import { type Hypothesis, MASKED_OTHERS_DB, readSlot, type SlotReading } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/** Unshared slots of a rival, inside the pattern's span, that must read as its tones. */
export const MIN_RIVAL_SLOTS = 2;

const dB = (ratio: number) => 10 * Math.log10(Math.max(ratio, 1e-3));
const heard = (r: SlotReading) => r.ratio > 1 && r.errorBins <= AS_MADE_PEAK_BINS;

/**
 * Whether `plan`'s pattern reads as tones as made (`readTonesAsMade`, `slotsReadAsTones`) and no
 * rival explains it better (`rivalExplains`): the dual detector's test of a coherent detection the
 * field detector did not confirm.
 */
export function heardAsMadeAlone(
  plan: FieldPlan,
  lane: SpectrumLane,
  endFrom: number,
  endTo: number,
  minRatio: number,
  rivals: readonly FieldPlan[],
  laneOf: (p: FieldPlan) => SpectrumLane | undefined,
  toleranceHz: number,
): boolean {
  const reading = readTonesAsMade(plan, lane, endFrom, endTo);
  if (!reading || !slotsReadAsTones(reading.slots, minRatio)) return false;
  return rivalExplains(plan, lane, reading.h, reading.slots, rivals, laneOf, toleranceHz) === undefined;
}

/**
 * Another trigger that plays one of the pattern's tones in the same slot and, over the time the
 * two overlap, reads as tones where the pattern's own slots read weaker: the field detector's
 * shared-slot rule (field-shared-slot.ts: a candidate sharing a slot with a fired trigger must
 * stand on its other slots, each >= MASKED_OTHERS_DB) for a coherent report, which the dual
 * detector reads before the rival could have fired. Played, a trigger's tone fills the slot of
 * every pattern that has that tone there, and the coherent detector's 2 Hz bins take the rest
 * from programme (3 m babble room: T07 1550-1250-600-1600 reported on T02 1450-1300-1600-500,
 * T07's 1600 Hz T02's third slot at 23.7 dB, its own slots 7.9 / 5.6 / 1.9 dB, T02's first two 21
 * and 14 dB at those times). The rival is read only over slots already heard (those inside the
 * pattern's span, its slot before as reference), so nothing waits for it to end.
 * Returns the rival, or undefined when none explains the pattern better or its own slots stand.
 */
export function rivalExplains(
  plan: FieldPlan,
  lane: SpectrumLane,
  h: Hypothesis,
  own: readonly SlotReading[],
  rivals: readonly FieldPlan[],
  laneOf: (p: FieldPlan) => SpectrumLane | undefined,
  toleranceHz: number,
): FieldPlan | undefined {
  const ownDb = own.map((r) => dB(r.ratio));
  // Every slot standing on its own: a shared slot changes nothing (overlapping plays do share one).
  if (ownDb.every((db) => db >= MASKED_OTHERS_DB)) return undefined;
  const tones = plan.bands[0]?.tones ?? [];
  const same = (a: number, b: number) => Math.abs(a - b) <= toleranceHz;
  for (const rival of rivals) {
    if (rival === plan || rival.signature === plan.signature || laneOf(rival) !== lane) continue;
    if (Math.abs(rival.slotHops / h.slot - 1) > 0.05) continue;
    const rTones = rival.bands[0]?.tones ?? [];
    for (let k = 0; k < tones.length; k++)
      for (let j = 0; j < rTones.length; j++) {
        if (!same(tones[k] as number, rTones[j] as number)) continue;
        // Rival slot i sounds with pattern slot i + k - j; only those inside the pattern's span.
        const first = Math.max(0, j - k);
        const last = Math.min(rTones.length - 1, j + tones.length - 1 - k);
        const shared = new Set<number>();
        for (let i = first; i <= last; i++)
          if (same(tones[i + k - j] as number, rTones[i] as number)) shared.add(i + k - j);
        if (shared.size === tones.length) continue;
        // The pattern stands beside the rival: its unshared slots all read the bar.
        if (ownDb.every((db, c) => shared.has(c) || db >= MASKED_OTHERS_DB)) continue;
        if (explainsOverlap(rival, lane, h, k, j, first, last, shared, ownDb)) return rival;
      }
  }
  return undefined;
}

/** The rival's slots first..last (aligned so its slot j sounds with the pattern's slot k), read as
 * a pattern of their own: every one a tone, and the unshared ones stronger on average than the
 * pattern's own slots at the same times. Start shifts of an eighth of a slot allow for the rival's
 * own timing. */
function explainsOverlap(
  rival: FieldPlan,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  j: number,
  first: number,
  last: number,
  shared: ReadonlySet<number>,
  ownDb: readonly number[],
): boolean {
  const rTones = rival.bands[0]?.tones ?? [];
  const band = rival.bands[0];
  if (!band) return false;
  const part: FieldPlan = {
    ...rival,
    slotCount: last - first + 1,
    bands: [{ ...band, tones: rTones.slice(first, last + 1) }],
  };
  let mine = 0;
  let count = 0;
  for (let i = first; i <= last; i++)
    if (!shared.has(i + k - j)) {
      mine += ownDb[i + k - j] as number;
      count++;
    }
  // The rival's own evidence is two slots at least, each heard, standing as a candidate beside a
  // fired trigger must (MASKED_OTHERS_DB): at 3,000 triggers hundreds share each tone, and one
  // programme slot near a grid tone is common.
  if (count < MIN_RIVAL_SLOTS) return false;
  mine /= count;
  const step = rival.slotHops / 8;
  for (const shift of [0, -step, step]) {
    const start = h.start + k * h.slot - j * rival.slotHops + first * rival.slotHops + shift;
    const at: Hypothesis = { start, slot: rival.slotHops, speed: 1 };
    let theirs = 0;
    let ok = true;
    for (let i = first; i <= last && ok; i++) {
      const r = readSlot(part, 0, lane, at, i - first, false);
      if (!r || !heard(r)) ok = false;
      else if (!shared.has(i + k - j)) theirs += dB(r.ratio);
    }
    if (ok && theirs / count > mine && theirs / count >= MASKED_OTHERS_DB) return true;
  }
  return false;
}
