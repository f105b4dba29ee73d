import type { SlotSpan } from './field-shifted-rivals.ts';
import { slotSounds } from './field-shifted-rivals.ts';
import type { SpillSlot } from './field-spill.ts';

/**
 * A trigger read partly off another trigger's lines: a codec (Opus at 96k) puts lines 50 Hz apart
 * around a played tone, and a pattern whose tones sit near them, read one slot off across the
 * played trigger, can pass on one slot that is those lines' spill, one empty slot excused as faded
 * and the rest on the played tones (codec14: T15 across a played T07, `combined` Opus 96k). A
 * played trigger in a room reads the same way where the louder line is the programme's (a 1 m room's
 * T01): what tells the two apart is whose line the spill slot lies under. A reading whose spill
 * slots (field-spill.ts `spillSlots`) all lie under tones of another trigger read over the same
 * frames (a candidate pending or claimed) is that trigger's shadow, not a play
 * (docs/decisions/audio-field-detector.md, "whose line", codec15).
 */
export function readsAsShadow(
  spill: readonly SpillSlot[],
  others: readonly SlotSpan[],
  toleranceHz: number,
): boolean {
  return (
    spill.length > 0 &&
    spill.every((s) => others.some((y) => slotSounds(s.from, s.to, s.lineHz, y, toleranceHz)))
  );
}

/**
 * The hop until which a reading with spill slots waits before it is decided: until a trigger whose
 * slot covers its last spill slot, as long as `maxSlotCount` slots of `slot` hops (with `slack`
 * for a slower tempo), would have ended and been read (`frameHops` later). The owner of the line
 * is read after the shadow when the shadow starts a slot ahead of it (T07 0.36 s after T15).
 */
export function shadowWaitUntil(
  spill: readonly SpillSlot[],
  maxSlotCount: number,
  slot: number,
  slack: number,
  frameHops: number,
): number {
  let until = Number.NEGATIVE_INFINITY;
  for (const s of spill) until = Math.max(until, s.to + (maxSlotCount - 1) * slot * slack + frameHops + 1);
  return Math.ceil(until);
}
