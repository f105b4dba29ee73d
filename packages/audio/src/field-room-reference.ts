import type { ExplainedReference } from './field-explained-reference.ts';
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
 */
export const BURST_OVER_REST_DB = 4.5;

const BURST_OVER_REST = 10 ** (BURST_OVER_REST_DB / 10);

/** The room's reading of `h` (undefined off the made speed and tempo). */
export function readInRoom(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  limits: FieldLimits,
  explained?: ExplainedReference,
): PatternScore | undefined {
  if (!isPlayedAsMade(plan, h)) return undefined;
  return scorePattern(plan, lanes, h, limits, true, explained, BURST_OVER_REST);
}
