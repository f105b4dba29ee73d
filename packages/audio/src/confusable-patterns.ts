import { DEFAULT_TRIGGER_DURATION_MS } from './engine-constants.ts';
import { MAX_COHERENT_SEC, SAME_TONE_BINS } from './robust-trigger-plan.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import type { Signal, TriggerSpec } from './types.ts';

export interface ConfusablePattern {
  id: string | number;
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

/**
 * Tells whether a new pattern can be confused with existing triggers by the robust detector.
 * The detector hears slot k of trigger A when, during most of that slot, the sound carries a tone
 * within its main-lobe width (2 / slot length: 4 Hz for 500 ms slots) of A's tone, in either of a
 * combined trigger's bands. Both directions are checked (A's sound in B's detector and the
 * reverse) and the worse is reported:
 * - every slot heard: the detector cannot tell them apart (similarity 1);
 * - all but one slot heard (patterns of 3+ slots): still told apart, but by a single tone, so a
 *   masked or lost tone would make them confusable; reported so the creator can choose another.
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
      results.push({ id: other.id, similarity, reason: sameReason(other, worse.of.toleranceHz) });
    } else if (total >= 3 && heard === total - 1) {
      const slot = worse.heard.indexOf(false);
      results.push({ id: other.id, similarity, reason: oneSlotReason(other, pattern, slot) });
    }
  }
  return results.sort((a, b) => b.similarity - a.similarity);
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

/** For each slot of `listener`, whether `sound` (started at the same moment) carries its tone. */
function heardSlots(sound: Layout, listener: Layout): boolean[] {
  const slotSec = listener.durationSec / Math.max(1, listener.slots.length);
  return listener.slots.map((tones, slot) => {
    let covered = 0;
    for (let p = 0; p < PROBES_PER_SLOT; p++) {
      const t = (slot + (p + 0.5) / PROBES_PER_SLOT) * slotSec;
      const playing = tonesAt(sound, t);
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
