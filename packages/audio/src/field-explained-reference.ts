import { type SlotSpan, slotSounds } from './field-shifted-rivals.ts';

/**
 * Whether the reference slot [from, to] (slot-start hops, as `SlotSpan`) at `hz` holds a tone a
 * trigger already fired played there: that slot then reads the other trigger, not the floor the
 * tone stands over, and `readSlot` leaves it out of the reference.
 */
export type ExplainedReference = (from: number, to: number, hz: number) => boolean;

/**
 * The reference slots that fired triggers explain: a slot overlapped by more than half by one of
 * their slots at a tone within `toleranceHz` (`slotSounds`, the test `slotsSoundedBy` counts with). Two triggers
 * overlapping in time play the other's tone in one of my reference slots now and then (overlap by
 * half: T17 1800-1900-1700-1400 started two slots after T05 850-1550-1400-1900, whose 1400 Hz
 * raised the floor of T17's 1400 Hz slot to 4.8 dB; docs/decisions/audio-field-detector.md). Only
 * tones of triggers that fired are left out, never programme: leaving out the loudest reference
 * slot whatever it held made 4 false positives in 48 min of trigger-free audio. Undefined when no
 * fired slot is near the pattern (the usual case: nothing to check per reading).
 */
export function firedTonesExplain(
  fired: readonly SlotSpan[],
  fromHop: number,
  toHop: number,
  toleranceHz: number,
): ExplainedReference | undefined {
  const near = fired.filter((y) => y.to > fromHop && y.from < toHop);
  if (near.length === 0) return undefined;
  return (from, to, hz) => near.some((y) => slotSounds(from, to, hz, y, toleranceHz));
}
