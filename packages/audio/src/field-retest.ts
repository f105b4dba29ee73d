import { firedTonesExplain } from './field-explained-reference.ts';
import type { Hypothesis } from './field-score.ts';
import type { SlotSpan } from './field-shifted-rivals.ts';
import type { FieldPlan } from './field-trigger-plan.ts';

/** Failed timings kept at most (oldest dropped first): a bound on the list, whatever the programme. */
const MAX_KEPT = 64;

interface Failed {
  plan: FieldPlan;
  h: Hypothesis;
  /** Kept until this hop: a trigger overlapping this one, started up to its length later, has fired by then. */
  until: number;
}

/**
 * Timings whose strict test failed, kept for one more test once another trigger fires over them.
 * Of two triggers overlapping in time, the first is tested as it ends, before the second (started
 * a slot or two later) has ended and fired; the second's tone in one of the first's reference
 * slots then raises that slot's floor (held-out overlap by half T04 1450-1000-1100-1450 with T02
 * after it: each 1450 Hz slot 2.9-3.2 dB; tuning seed 2 T21 750-1350-750-1100 with T16
 * 650-750-1600-2000: 4.2-4.7 dB). Once the second has fired, its tones are left out of the
 * reference (`firedTonesExplain`), as they are for a trigger tested after one that fired.
 * Only a failure whose reference the fired trigger sounds is tested again, so the cost comes when
 * a trigger fires (rare), never per proposal, and trigger-free audio never retests anything.
 */
export class FailedTimings {
  private kept: Failed[] = [];

  /** Keeps a failed timing of `plan` until hop `until`; `hop` is now (older entries are dropped). */
  add(plan: FieldPlan, h: Hypothesis, until: number, hop: number): void {
    this.drop(hop);
    if (this.kept.length >= MAX_KEPT) this.kept.shift();
    this.kept.push({ plan, h, until });
  }

  /**
   * Takes out the failed timings (of other-sounding triggers than `firedPlan`) whose reference
   * slots the fired trigger's slots sound at the failed pattern's own tones: those to test again.
   */
  takeExplained(
    firedPlan: FieldPlan,
    fired: readonly SlotSpan[],
    toleranceHz: number,
    hop: number,
  ): { plan: FieldPlan; h: Hypothesis }[] {
    this.drop(hop);
    const out: { plan: FieldPlan; h: Hypothesis }[] = [];
    this.kept = this.kept.filter((x) => {
      if (x.plan === firedPlan || x.plan.signature === firedPlan.signature) return true;
      if (!referenceSounded(x.plan, x.h, fired, toleranceHz)) return true;
      out.push(x);
      return false;
    });
    return out;
  }

  private drop(hop: number): void {
    let n = 0;
    while (n < this.kept.length && (this.kept[n] as Failed).until < hop) n++;
    if (n > 0) this.kept.splice(0, n);
  }
}

/** Whether a fired slot sounds one of the pattern's tones in a slot that is that tone's reference
 * (the slot before the pattern, or one of its slots playing another tone). */
export function referenceSounded(
  plan: FieldPlan,
  h: Hypothesis,
  fired: readonly SlotSpan[],
  toleranceHz: number,
): boolean {
  const n = plan.slotCount;
  const explained = firedTonesExplain(fired, h.start - h.slot, h.start + n * h.slot, toleranceHz);
  if (!explained) return false;
  for (const band of plan.bands) {
    for (let k = 0; k < n; k++) {
      const hz = (band.tones[k] as number) * h.speed;
      for (let j = -1; j < n; j++) {
        if (j >= 0 && Math.abs((band.tones[j] as number) * h.speed - hz) <= toleranceHz) continue;
        if (explained(h.start + j * h.slot, h.start + (j + 1) * h.slot, hz)) return true;
      }
    }
  }
  return false;
}
