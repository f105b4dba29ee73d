import { mayExcuseFadedSlot } from './faded-slot.ts';
import { type FieldLimits, type Hypothesis, scorePattern, TEMPO_ONE_SPAN, tempoOf } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * A reverberant room rings every tone on past its slot, so the timing search's in/out fit (tone
 * inside the slots over the time around them) favours slots stretched over the tails or squeezed
 * between them: a third of the far-field misses on the tuning rooms read 10-15 dB at the timing
 * they were played, while the search tried them at tempo 0.72-0.80 or 1.27-1.39
 * (docs/decisions/audio-far-field-rooms.md). A room changes levels and smears boundaries, not
 * speed or tempo: so, once both searches have failed, a proposal near speed 1 is read once more at
 * the slot length it was made with, only its start searched around the anchor, and the start is
 * chosen by how strongly the tones read there (the ranking score), not by the in/out fit the tails
 * mislead: at the made slot length that fit still chose starts 10-18 hops early on the 6 m room.
 *
 * Guarded, since every extra reading is another chance for music to fit: only proposals within
 * the faded-slot excuse's span of speed 1 (`mayExcuseFadedSlot`: a room changes levels, not speed) (the speed search's retuned chance fits, the mirror effect, sit
 * at 0.95-0.99 and 1.01-1.05), one slot length, and the strict reading it leads to must itself
 * measure speed 1 and tempo 1 (`isPlayedAsMade`). The unguarded onset-timed search of 2026-11-24
 * searched the whole tempo range and set 4 false positives in 30 h, at speeds such as 0.969.
 */

/** Start shifts of the anchor tried, in frame lengths, at the made slot length. */
const SHIFT_SPAN_FRAMES = 0.5;
const SHIFT_STEP_FRAMES = 1 / 32;
/** Starts whose ranking reads within this of the best (dB) form the plateau whose centre is taken. */
const PLATEAU_DB = 0.5;

/**
 * The start where the tones read strongest (scorePattern's ranking, not strict) at the slot length
 * the pattern was made with, at `speed`, around the anchor (where tone `anchorSlot` seems to start).
 */
export function playedTiming(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  anchor: number,
  anchorSlot: number,
  speed: number,
  frameHops: number,
  limits: FieldLimits,
): Hypothesis | undefined {
  const slot = plan.slotHops / speed;
  const at = (f: number): Hypothesis => ({ start: anchor + f * frameHops - anchorSlot * slot, slot, speed });
  const steps = Math.round(SHIFT_SPAN_FRAMES / SHIFT_STEP_FRAMES);
  const dbs: number[] = [];
  let top = -1;
  for (let i = -steps; i <= steps; i++) {
    const db = scorePattern(plan, lanes, at(i * SHIFT_STEP_FRAMES), limits, false)?.decisionDb;
    dbs.push(db ?? Number.NEGATIVE_INFINITY);
    if (db !== undefined && (top < 0 || db > (dbs[top] as number))) top = dbs.length - 1;
  }
  if (top < 0) return undefined;
  // The reading is flat while the frames stay inside the slots: the plateau's centre is the start.
  const floor = (dbs[top] as number) - PLATEAU_DB;
  let from = top;
  let to = top;
  while (from > 0 && (dbs[from - 1] as number) >= floor) from--;
  while (to < dbs.length - 1 && (dbs[to + 1] as number) >= floor) to++;
  return at(((from + to) / 2 - steps) * SHIFT_STEP_FRAMES);
}

/** Whether a strict reading found from the made timing still measures the made speed and tempo. */
export function isPlayedAsMade(plan: FieldPlan, h: Hypothesis): boolean {
  return mayExcuseFadedSlot(h.speed) && Math.abs(tempoOf(plan, h) - 1) <= TEMPO_ONE_SPAN;
}
