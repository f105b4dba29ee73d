/** How many slots early the earlier run's onset may be (a note or a voice at its tone just before
 * it, joined by its track), and the slack on that gap (two onsets each read to a few hops, as the
 * time factors' slack); beyond them the pair is not read as one. */
export const MAX_EARLY_SLOTS = 1;
export const EARLY_GAP_SLACK = 1.1;

/**
 * The longest gap (hops) between a track's onset and an earlier one that may still be such a
 * pair, on a lane whose longest run before a later run is `longestSpan` hops: its runs are at
 * least a slot each, so the run before and MAX_EARLY_SLOTS more, at the slowest speed searched.
 */
export function earlyGapLimit(longestSpan: number, minSpeed: number): number {
  return ((longestSpan * (1 + MAX_EARLY_SLOTS) * EARLY_GAP_SLACK) / minSpeed) * (1 + 1e-9);
}

/**
 * The slot length (hops) a pair of runs is proposed at when their onsets put it too long for any
 * tempo searched, because the earlier run's track began early on programme: the slot the last
 * tone's speed gives at tempo 1, when the earlier run's track lasted up to the last run's onset
 * (runs in a pattern are consecutive: one ends where the next begins) and began at most
 * MAX_EARLY_SLOTS slots early (with EARLY_GAP_SLACK). Otherwise undefined.
 *
 * The last onset, the proposal's anchor, is right; only the gap to the earlier one is long. Tuning
 * split T23 500-1500-1950-1100 at speed 1.02 and 1.05: its 1950 Hz joined a music track 30 hops
 * before its slot, so 1950 -> 1100 gave a slot 63 % long, outside the time factors searched, and
 * the pattern's other pairs had onsets off too: never proposed. A speed change moves slot times
 * with the pitch, so the tone's speed gives the slot (as `slotAtSpeed` does for onsets 10-45 % off).
 * The same on another trigger: tuning seed 2 overlap T16 650-750-1600-2000 two slots after T21
 * 750-1350-750-1100, its 750 Hz joining T21's 750 Hz track (gap 102 hops for 50-hop slots).
 */
export function slotFromEarlyOnset(
  gap: number,
  prevSlots: number,
  slotHops: number,
  speed: number,
  /** Last hop the earlier run's track held its peak, and the last run's onset (centre hop). */
  prevLastHop: number,
  lastStart: number,
  frameHops: number,
): number | undefined {
  const slot = slotHops / speed;
  if (gap <= prevSlots * slot || gap > (prevSlots + MAX_EARLY_SLOTS) * slot * EARLY_GAP_SLACK)
    return undefined;
  // A frame centred at the last run's onset still held the earlier tone.
  return prevLastHop >= lastStart + frameHops / 2 ? slot : undefined;
}
