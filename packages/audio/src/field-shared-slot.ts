import { firedTonesExplain } from './field-explained-reference.ts';
import type { FieldLimits, Hypothesis } from './field-score.ts';
import { MASKED_OTHERS_DB, readSlot } from './field-score.ts';
import { type SlotSpan, slotsSoundedBy } from './field-shifted-rivals.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * Whether a candidate that shares one slot (same time, same tone) with triggers already fired
 * stands on its other slots: each passes the per-slot tests and reads at least MASKED_OTHERS_DB,
 * the bar a pattern's other slots meet when one slot is excused as masked (field-score.ts).
 * Two triggers overlapping in time share a grid tone now and then and each is still there in
 * full (overlap by half: 3 slots of 20 dB and more); a pattern the programme completes around
 * one fired trigger's tone, or straddling a back-to-back repeat (one tone from each play), has
 * programme-weak slots. Slots shared with no fired trigger: `undefined` (nothing to decide).
 */
export function standsBesideFired(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  slots: readonly SlotSpan[],
  fired: readonly SlotSpan[],
  toleranceHz: number,
  limits: FieldLimits,
): boolean | undefined {
  let shared = 0;
  let alone = true;
  // A fired trigger's tone in one of my reference slots is that trigger, not my floor.
  const explained = firedTonesExplain(
    fired,
    h.start - h.slot,
    h.start + plan.slotCount * h.slot,
    toleranceHz,
  );
  slots.forEach((x, k) => {
    if (slotsSoundedBy([x], fired, toleranceHz) > 0) {
      shared++;
      return;
    }
    let best = 0;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      const r = lane && readSlot(plan, b, lane, h, k, true, false, explained);
      if (
        r &&
        r.steady >= limits.minSteady &&
        r.errorBins <= limits.maxFrequencyErrorBins &&
        r.peakedHalves &&
        r.ratio > best
      )
        best = r.ratio;
    }
    if (10 * Math.log10(Math.max(best, 1e-3)) < MASKED_OTHERS_DB) alone = false;
  });
  return shared === 0 ? undefined : alone;
}
