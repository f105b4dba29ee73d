import { DEFAULT_TRIGGER_DURATION_MS } from './engine-constants.ts';
import { MAX_COHERENT_SEC, SAME_TONE_BINS } from './robust-trigger-plan.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import type { Signal, TriggerSpec } from './types.ts';

/** How the two patterns meet: every slot alike, all slots but one alike, or alike once shifted in time. */
export type ConfusionKind = 'same' | 'one-slot' | 'shifted';

export interface ConfusablePattern {
  id: string | number;
  kind: ConfusionKind;
  reason: string;
  /** Share of slots in which one trigger's sound contains the other's tone (worse direction). */
  similarity: number;
}

interface Layout {
  slots: number[][];
  durationSec: number;
  /** Width within which the robust detector hears two tones as one (its Hann main lobe). */
  toleranceHz: number;
}

/** Fraction of a slot that must carry the tone for the detector's slot energy to be mostly there. */
const SLOT_COVERAGE = 0.75;
/** Time samples per slot when comparing two layouts (handles different slot counts or lengths). */
const PROBES_PER_SLOT = 20;
/** Time shifts, in slots, at which one pattern's sound is compared with another's detector. */
const SHIFTS = [-1, 1, -2, 2];
/** A shifted match is reported when the programme would have to supply at most this many of the
 * detector's tones (and the other trigger at least two): on the benchmark, wrong triggers came
 * from triggers sharing two or three tones one slot apart, the programme supplying the rest. */
const SHIFTED_MAX_MISSING = 2;
const SHIFTED_MIN_HEARD = 2;
/** Slot lengths within this factor line up under a shift (their tone changes coincide). */
const SAME_SLOT_LENGTH = 0.05;

/**
 * Tells whether a new pattern can be confused with existing triggers by the robust detector.
 * The detector hears slot k of trigger A when, during most of that slot, the sound carries a tone
 * within its main-lobe width (2 / slot length: 4 Hz for 500 ms slots) of A's tone, in either of a
 * combined trigger's bands. Both directions are checked (A's sound in B's detector and the
 * reverse) and the worse is reported:
 * - every slot heard: the detector cannot tell them apart (similarity 1);
 * - all but one slot heard (patterns of 3+ slots): still told apart, but by a single tone, so a
 *   masked or lost tone would make them confusable; reported so the creator can choose another;
 * - for triggers with the same slot length, the sound played one or two slots earlier or later:
 *   when it carries at least two of the detector's tones and the programme would have to supply
 *   at most two, a wrong trigger becomes a matter of what the programme happens to play (the
 *   detector arbitrates between overlapping candidates, but only when the right one is heard).
 *   Reported with similarity = share of the detector's slots the shifted sound carries.
 */
export function findConfusablePatterns(
  pattern: number[],
  existing: TriggerSpec[],
  opts: { durationMs?: number; signal?: Signal } = {},
): ConfusablePattern[] {
  const mine = layout(pattern, opts.durationMs, opts.signal);
  const results: ConfusablePattern[] = [];
  for (const other of existing) {
    const theirs = layout(other.frequencyPattern, other.durationMs, other.signal);
    const forward = heardSlots(theirs, mine);
    const backward = heardSlots(mine, theirs);
    const worse =
      share(forward, mine) >= share(backward, theirs)
        ? { heard: forward, of: mine }
        : { heard: backward, of: theirs };
    const total = worse.of.slots.length;
    const heard = worse.heard.filter(Boolean).length;
    const similarity = total === 0 ? 0 : heard / total;
    if (heard === total && total > 0) {
      results.push({
        id: other.id,
        kind: 'same',
        similarity,
        reason: sameReason(other, worse.of.toleranceHz),
      });
    } else if (total >= 3 && heard === total - 1) {
      const slot = worse.heard.indexOf(false);
      results.push({
        id: other.id,
        kind: 'one-slot',
        similarity,
        reason: oneSlotReason(other, pattern, slot),
      });
    } else {
      const shifted = worstShift(mine, theirs);
      if (shifted) results.push({ id: other.id, ...shiftedReport(shifted, other) });
    }
  }
  return results.sort((a, b) => b.similarity - a.similarity);
}

interface ShiftedMatch {
  /** Whose sound, heard by whose detector. */
  direction: 'theirs-in-mine' | 'mine-in-theirs';
  /** Slots by which the sound starts later (positive) or earlier (negative) than the detector's window. */
  shift: number;
  heard: boolean[];
}

/** The shifted comparison (either direction) in which the detector hears the most slots, if it is
 * worth reporting. Only for equal slot lengths: otherwise a shift does not line the tones up. */
function worstShift(mine: Layout, theirs: Layout): ShiftedMatch | undefined {
  if (Math.abs(slotSec(mine) / slotSec(theirs) - 1) > SAME_SLOT_LENGTH) return undefined;
  let worst: { match: ShiftedMatch; count: number; of: number } | undefined;
  for (const shift of SHIFTS) {
    for (const [direction, sound, listener] of [
      ['theirs-in-mine', theirs, mine],
      ['mine-in-theirs', mine, theirs],
    ] as const) {
      const heard = heardSlots(sound, listener, shift * slotSec(listener));
      const count = heard.filter(Boolean).length;
      const of = listener.slots.length;
      if (count < SHIFTED_MIN_HEARD || of - count > SHIFTED_MAX_MISSING) continue;
      if (worst === undefined || count / of > worst.count / worst.of)
        worst = { match: { direction, shift, heard }, count, of };
    }
  }
  return worst?.match;
}

function shiftedReport(match: ShiftedMatch, other: TriggerSpec): Omit<ConfusablePattern, 'id'> {
  const heardAt = match.heard.flatMap((h, slot) => (h ? [slot + 1] : []));
  const steps = Math.abs(match.shift);
  const when = `${steps} slot${steps === 1 ? '' : 's'} ${match.shift > 0 ? 'later' : 'earlier'}`;
  const whose =
    match.direction === 'theirs-in-mine'
      ? `trigger ${String(other.id)} (${other.frequencyPattern.join(', ')} Hz), played ${when}, carries this pattern's tones in slots ${heardAt.join(', ')}`
      : `this pattern, played ${when}, carries the tones of trigger ${String(other.id)} (${other.frequencyPattern.join(', ')} Hz) in its slots ${heardAt.join(', ')}`;
  return {
    kind: 'shifted',
    similarity: heardAt.length / match.heard.length,
    reason: `Overlaps a shifted part of trigger ${String(other.id)}: ${whose}; if the programme supplies the other tones, one trigger could fire on the other's sound.`,
  };
}

function layout(pattern: number[], durationMs: number | undefined, signal: Signal | undefined): Layout {
  const durationSec = (durationMs ?? DEFAULT_TRIGGER_DURATION_MS) / 1000;
  const slotSec = durationSec / Math.max(1, pattern.length);
  const coherentSec = slotSec / Math.ceil(slotSec / MAX_COHERENT_SEC - 1e-9);
  return {
    slots: signalFrequencies(pattern, signal ?? 'audible'),
    durationSec,
    toleranceHz: SAME_TONE_BINS / coherentSec,
  };
}

function slotSec(of: Layout): number {
  return of.durationSec / Math.max(1, of.slots.length);
}

/** For each slot of `listener`, whether `sound`, started `delaySec` after the listener's window,
 * carries its tone. */
function heardSlots(sound: Layout, listener: Layout, delaySec = 0): boolean[] {
  const slotLength = slotSec(listener);
  return listener.slots.map((tones, slot) => {
    let covered = 0;
    for (let p = 0; p < PROBES_PER_SLOT; p++) {
      const t = (slot + (p + 0.5) / PROBES_PER_SLOT) * slotLength;
      const playing = tonesAt(sound, t - delaySec);
      if (tones.some((f) => playing.some((g) => Math.abs(f - g) <= listener.toleranceHz))) covered++;
    }
    return covered >= SLOT_COVERAGE * PROBES_PER_SLOT;
  });
}

function tonesAt(sound: Layout, t: number): number[] {
  if (t < 0 || t >= sound.durationSec) return [];
  const slot = Math.floor((t / sound.durationSec) * sound.slots.length);
  return sound.slots[slot] ?? [];
}

function share(heard: boolean[], of: Layout): number {
  return of.slots.length === 0 ? 0 : heard.filter(Boolean).length / of.slots.length;
}

function sameReason(other: TriggerSpec, toleranceHz: number): string {
  return `Sounds the same as trigger ${String(other.id)} (${other.frequencyPattern.join(', ')} Hz): every slot carries the same tone within ${toleranceHz.toFixed(1)} Hz, so the detector cannot tell them apart.`;
}

function oneSlotReason(other: TriggerSpec, pattern: number[], slot: number): string {
  const mine = pattern[slot];
  const theirs = other.frequencyPattern[slot];
  const detail = mine !== undefined && theirs !== undefined ? ` (${mine} Hz vs ${theirs} Hz)` : '';
  return `Differs from trigger ${String(other.id)} (${other.frequencyPattern.join(', ')} Hz) only in slot ${slot + 1}${detail}: a single masked tone could make them confusable.`;
}
