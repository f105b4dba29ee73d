import type { ExplainedReference } from './field-explained-reference.ts';
import { MEDIAN_SLOTS_BEFORE } from './field-median-reference.ts';
import { isPlayedAsMade } from './field-played-timing.ts';
import { type FieldLimits, type Hypothesis, type PatternScore, scorePattern } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * A slot's tone is read against its own frequency in the pattern's other slots and the slot
 * before (the time reference) and against its neighbour bins. In 0 dB babble it is the time
 * reference that loses far-field patterns: six talkers put a burst of speech at a tone's frequency
 * in one slot or another, and a room rings a tone on into the next slot, so one of the three or
 * four reference slots often reads only 3-9 dB under the tone while the others and the neighbour
 * bins read 13-34 dB under it (bench/room-evidence-probe.ts; docs/decisions/audio-far-field-rooms.md,
 * "rooms4"). The mean reference then follows that one slot.
 *
 * So a pattern read at the speed and tempo it was made with (`isPlayedAsMade`: a room changes
 * levels, not speed or tempo) that fails the shipped reading is read once more with each slot's
 * loudest reference slot left out where it is a burst: 4.5 dB or more over the others' mean, three
 * or more slots held. Steady noise never reads a burst (its slots agree within a dB or two), a held
 * note fills the remaining slots too, and every other test (neighbour bins, steadiness, peaks,
 * frequency, the decision threshold) is unchanged. Off speed 1 or tempo 1 it is never asked: music
 * retuned by the speed search is where chance meets a pattern's tones (faded-slot.ts).
 *
 * A second reading also takes each slot's median frame over the median frame of its reference
 * slots and the slots before them, where that reads higher (field-median-reference.ts, rooms6): a
 * talker's harmonics at a low tone fill frames of several reference slots at once, which one
 * burst left out does not cover. It is asked only where the burst reading falls short, and the
 * better reading that passes is returned.
 */
export const BURST_OVER_REST_DB = 4.5;

const BURST_OVER_REST = 10 ** (BURST_OVER_REST_DB / 10);

/** The median reading (rooms6): every slot must pass its own tests there. With a faded or masked
 * slot excused it let music through: in 10 min of clean trigger-free programme one pattern at speed
 * 1 and tempo 1 passed on a masked slot and three others whose median read 1-3 dB over their
 * mean (a note's frames decay: their median sits under their mean), where no slot excused kept
 * every chance reading 3 dB under the threshold. */
const MEDIAN_READING = { burstOver: BURST_OVER_REST, medianBefore: MEDIAN_SLOTS_BEFORE, everySlot: true };

/** The room's reading of `h` (undefined off the made speed and tempo). */
export function readInRoom(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  limits: FieldLimits,
  /** The decision threshold: a burst reading that reaches it is returned as it is. */
  minDb: number,
  explained?: ExplainedReference,
): PatternScore | undefined {
  if (!isPlayedAsMade(plan, h)) return undefined;
  const burst = scorePattern(plan, lanes, h, limits, true, explained, { burstOver: BURST_OVER_REST });
  // The median reads a slot higher than the mean does (T20 at 1,000 triggers: 31.8 against
  // 18.4 dB), so where the burst reading decides, its figure stays the detection's quality figure
  // and the pattern's weight among rivals, as before the median reading existed.
  if (burst?.pass && burst.decisionDb >= minDb) return burst;
  const median = scorePattern(plan, lanes, h, limits, true, explained, MEDIAN_READING);
  return median?.pass && (!burst?.pass || median.decisionDb > burst.decisionDb) ? median : burst;
}
