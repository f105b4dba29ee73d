/**
 * A candidate whose tones, but for its first (or last) slots, are the start of another trigger
 * (a decoy that is a played trigger shifted by a slot) shares every overlapping tone with that
 * rival, so the rival rule (`waitForRivals`) finds no slot of the rival's own to weigh and lets the
 * candidate fire from the played trigger's opening slots before the played trigger can be scored.
 * Such a candidate waits for the rival unless its own slots, the ones outside the overlap, read
 * clearly: a chance tone under programme reads a few dB, a played one well over the per-slot bar
 * (full-run traces, 2026-11-25: D145 for T21 and D416 for T03 read 6 dB in their own slot).
 */

/** Own slots reading at least this over their reference (dB) need no wait. */
export const CLEAR_OWN_SLOT_DB = 12;

/** Slots of a `slotCount`-slot candidate that a rival started `shift` slots later does not cover. */
export function slotsOutsideRival(slotCount: number, rivalSlotCount: number, shift: number): number[] {
  const outside: number[] = [];
  for (let k = 0; k < slotCount; k++) if (k - shift < 0 || k - shift >= rivalSlotCount) outside.push(k);
  return outside;
}

/** Whether a candidate sharing every overlapping tone with a rival must wait for it. */
export function mustWaitForPrefixRival(ownSlotDb: readonly number[]): boolean {
  return ownSlotDb.length > 0 && Math.min(...ownSlotDb) < CLEAR_OWN_SLOT_DB;
}
