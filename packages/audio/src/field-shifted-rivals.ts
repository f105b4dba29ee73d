import type { FieldPlan } from './field-trigger-plan.ts';

/**
 * Another trigger whose pattern, started `shift` slots after the candidate's, plays at least
 * `MIN_SHARED_TONES` of the candidate's tones in the same slots (T12 1050-1800-1050-600 and
 * T24 1800-1500-600-850, one slot later: 1800 and 600 coincide). Played, the rival supplies those
 * tones, and the programme may supply the candidate's others: a wrong trigger that fires before
 * the rival has ended and so before the rival could be scored.
 */
export interface ShiftedRival {
  plan: FieldPlan;
  /** Slots from the candidate's start to the rival's (rival slot j sounds with candidate slot j + shift). */
  shift: number;
}

/** Tones in common (same slot time, same nominal tone) from which a shifted pattern is a rival:
 * with one, every pattern would have dozens of rivals at 1,000 triggers; the wrong triggers seen
 * on the benchmark shared two, the programme supplying the rest. */
export const MIN_SHARED_TONES = 2;
/** Slot lengths within this factor keep the shared tones aligned over a pattern. */
const SAME_SLOT_LENGTH = 0.05;

interface Placed {
  plan: FieldPlan;
  slot: number;
}

const toneKey = (kind: number, hz: number): number => kind * 100_000 + Math.round(hz);

/**
 * Shifted rivals of each trigger, found from an index of (band, tone) -> (trigger, slot): set-up
 * is O(N), and a trigger's rivals are worked out the first time it is a candidate (candidates
 * are rare), so nothing grows with N squared.
 */
export class ShiftedRivalIndex {
  private readonly byTone = new Map<number, Placed[]>();
  private readonly rivals = new Map<FieldPlan, ShiftedRival[]>();

  constructor(plans: readonly FieldPlan[]) {
    for (const plan of plans) {
      const band = plan.bands[0];
      if (!band) continue;
      band.tones.forEach((hz, slot) => {
        const key = toneKey(band.kind, hz);
        const list = this.byTone.get(key);
        if (list) list.push({ plan, slot });
        else this.byTone.set(key, [{ plan, slot }]);
      });
    }
  }

  /** Rivals that end after `plan` does (those ending earlier were decided before it). */
  of(plan: FieldPlan): readonly ShiftedRival[] {
    const known = this.rivals.get(plan);
    if (known) return known;
    const band = plan.bands[0];
    const shared = new Map<FieldPlan, Map<number, number>>();
    band?.tones.forEach((hz, k) => {
      for (const placed of this.byTone.get(toneKey(band.kind, hz)) ?? []) {
        const other = placed.plan;
        if (other === plan || other.signature === plan.signature) continue;
        if (Math.abs(other.slotHops / plan.slotHops - 1) > SAME_SLOT_LENGTH) continue;
        const shift = k - placed.slot;
        if (shift === 0 || shift + other.slotCount <= plan.slotCount) continue;
        let byShift = shared.get(other);
        if (!byShift) {
          byShift = new Map();
          shared.set(other, byShift);
        }
        byShift.set(shift, (byShift.get(shift) ?? 0) + 1);
      }
    });
    const found: ShiftedRival[] = [];
    for (const [other, byShift] of shared) {
      for (const [shift, count] of byShift) if (count >= MIN_SHARED_TONES) found.push({ plan: other, shift });
    }
    this.rivals.set(plan, found);
    return found;
  }
}

/** One slot of a pattern as heard: when (centre hops) and at which frequencies. */
export interface SlotSpan {
  from: number;
  to: number;
  hz: number[];
}

/** Whether `y` overlaps the slot [from, to] by more than half the shorter of the two and plays a
 * tone within `toleranceHz` of `hz` there. */
export function slotSounds(from: number, to: number, hz: number, y: SlotSpan, toleranceHz: number): boolean {
  const overlap = Math.min(to, y.to) - Math.max(from, y.from);
  if (overlap <= 0.5 * Math.min(to - from, y.to - y.from)) return false;
  for (const g of y.hz) if (Math.abs(hz - g) <= toleranceHz) return true;
  return false;
}

/**
 * How many of `mine`'s slots another pattern's slots (`theirs`) sound in: overlapping by more
 * than half a slot at a frequency within `toleranceHz`.
 */
export function slotsSoundedBy(
  mine: readonly SlotSpan[],
  theirs: readonly SlotSpan[],
  toleranceHz: number,
): number {
  let count = 0;
  for (const x of mine) {
    if (theirs.some((y) => x.hz.some((f) => slotSounds(x.from, x.to, f, y, toleranceHz)))) count++;
  }
  return count;
}
