import { type FieldLimits, type Hypothesis, MASKED_OTHERS_DB, readSlot, slotTo } from './field-score.ts';
import { MIN_SHARED_TONES, type SlotSpan } from './field-shifted-rivals.ts';
import { slotsUnder } from './field-timing-fallbacks.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * The slots a proposed trigger (timing `h`) has already played, by hop `hop`, as `SlotSpan`s; read
 * with `heardAsPlayed`, they must be at least MIN_SHARED_TONES and each a played tone: the
 * per-slot tests passed and at least MASKED_OTHERS_DB over its reference (the bar an overlapped
 * trigger's own slots meet, 20-30 dB, and a pattern the programme completes does not:
 * field-shared-slot.ts).
 *
 * Of two overlapping triggers the first is tested as it ends, while the second, started a slot or
 * two later, has played only its first slots; the second's tone in the first's reference slots
 * fails the first, which was then tested again only once the second had ended and fired, 1.0-1.5 s
 * after its own end (field-retest.ts). The second's played slots, read like this, explain the
 * first's reference as soon as they are heard. The reading covers the played slots only: the
 * pattern cut to them, so its reference is the slot before and the played slots of other tones
 * (never audio not yet heard).
 */
export function heardSlots(plan: FieldPlan, h: Hypothesis, hop: number, frameHops: number): SlotSpan[] {
  const spans: SlotSpan[] = [];
  const heard = heardCount(plan, h.start, h.slot, hop, frameHops);
  for (let k = 0; k < heard; k++) {
    const from = h.start + k * h.slot;
    spans.push({ from, to: from + h.slot, hz: plan.bands.map((b) => (b.tones[k] as number) * h.speed) });
  }
  return spans;
}

/** How many of a pattern's slots (from `start`, `slot` hops each) have all their frames heard by `hop`. */
export function heardCount(
  plan: FieldPlan,
  start: number,
  slot: number,
  hop: number,
  frameHops: number,
): number {
  let heard = 0;
  while (heard < plan.slotCount && slotTo(frameHops, start + heard * slot, slot) < hop) heard++;
  return heard;
}

/**
 * Whether every slot of a failed timing reads at least MASKED_OTHERS_DB (ratio only) except slots
 * of one tone: the failure another trigger's tone in that tone's reference slots makes (both
 * 1450 Hz slots of held-out T04 1450-1000-1100-1450 read 2.9-3.2 dB beside T02's 1450 Hz, its
 * other slots 20 dB and more). The cheap test that keeps chance fits, which fail on weak slots of
 * any tones, from looking for a trigger still playing beside them.
 */
export function clearButOneTone(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  toleranceHz: number,
): boolean {
  const tones = plan.bands[0]?.tones ?? [];
  const weak = slotsUnder(plan, lanes, h, MASKED_OTHERS_DB).map((k) => (tones[k] as number) * h.speed);
  return weak.every((hz) => Math.abs(hz - (weak[0] as number)) <= toleranceHz);
}

/**
 * Whether one of `other`'s first `heard` slots (timing `oh`) sounds one of `plan`'s tones in a slot
 * that is that tone's reference under timing `h` (the slot before the pattern, or a slot playing
 * another tone), overlapping it by more than half a slot, within `toleranceHz`: `referenceSounded`
 * (field-retest.ts) without building slot spans, for the many proposals beside a failed timing.
 */
export function soundsReference(
  plan: FieldPlan,
  h: Hypothesis,
  other: FieldPlan,
  oh: Hypothesis,
  heard: number,
  toleranceHz: number,
): boolean {
  const n = plan.slotCount;
  for (let k = 0; k < heard; k++) {
    const oFrom = oh.start + k * oh.slot;
    for (let j = -1; j < n; j++) {
      const from = h.start + j * h.slot;
      const overlap = Math.min(from + h.slot, oFrom + oh.slot) - Math.max(from, oFrom);
      if (overlap <= 0.5 * Math.min(h.slot, oh.slot)) continue;
      for (const ob of other.bands) {
        const hz = (ob.tones[k] as number) * oh.speed;
        for (const band of plan.bands) {
          const here = j >= 0 ? (band.tones[j] as number) * h.speed : Number.NaN;
          for (const t of band.tones) {
            const tone = t * h.speed;
            if (Math.abs(tone - hz) <= toleranceHz && !(Math.abs(here - tone) <= toleranceHz)) return true;
          }
        }
      }
    }
  }
  return false;
}

/** Whether each of the `heard` first slots (at least MIN_SHARED_TONES) reads as a played tone:
 * the per-slot tests passed and at least MASKED_OTHERS_DB over the reference of the pattern cut to
 * those slots. */
export function heardAsPlayed(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  heard: number,
  limits: FieldLimits,
): boolean {
  if (heard < MIN_SHARED_TONES) return false;
  const cut: FieldPlan = {
    ...plan,
    slotCount: heard,
    bands: plan.bands.map((b) => ({ ...b, tones: b.tones.slice(0, heard) })),
  };
  const minRatio = 10 ** (MASKED_OTHERS_DB / 10);
  for (let k = 0; k < heard; k++) {
    let played = false;
    for (let b = 0; b < cut.bands.length && !played; b++) {
      const lane = lanes[b];
      const r = lane && readSlot(cut, b, lane, h, k);
      played =
        !!r &&
        r.ratio >= minRatio &&
        r.steady >= limits.minSteady &&
        r.errorBins <= limits.maxFrequencyErrorBins &&
        r.peakedHalves;
    }
    if (!played) return false;
  }
  return true;
}
