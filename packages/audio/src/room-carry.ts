import type { Signal } from './types.ts';

/**
 * Tones from this frequency up carry best across a room (docs/decisions/room-carry.md). Voices
 * put most of their energy at 300-700 Hz, so babble covers a low tone first, and the small
 * loudspeakers media is played through give least there. The slider still starts at 500 Hz
 * (SPEC §9) and the trigger form says what a lower tone costs. Suggest a free pattern no longer
 * stays above it: sets drawn from here up read about three times the false positives of sets
 * over the whole slider (2026-12-03, the record's "Withdrawn" section), so the form states both
 * costs and steers neither way.
 */
export const ROOM_CARRY_MIN_HZ = 700;

/** Signals that sound the slider's tones as set (`combined` adds an ultrasonic copy, which many
 * small loudspeakers and phone microphones do not carry, so its audible half still counts). */
const PLAYS_SLIDER_TONES = new Set<Signal>(['audible', 'combined']);

/**
 * The pattern's tones under ROOM_CARRY_MIN_HZ where the signal sounds them as set. `ultrasonic`
 * and `streaming` move every tone over 13 kHz, where voices do not reach: for those nothing is low.
 */
export function tonesUnderRoomCarry(pattern: readonly number[], signal: Signal = 'audible'): number[] {
  if (!PLAYS_SLIDER_TONES.has(signal)) return [];
  return [...new Set(pattern.filter((hz) => hz < ROOM_CARRY_MIN_HZ))].sort((a, b) => a - b);
}

/** "500 Hz", "500 and 650 Hz", "500, 550 and 650 Hz". */
function toneList(tones: readonly number[]): string {
  const names = tones.map(String);
  const last = names.pop();
  return `${names.length > 0 ? `${names.join(', ')} and ` : ''}${last} Hz`;
}

/** The advice the trigger form and `tonemark embed` / `synth` give for a pattern with low tones. */
export function roomCarryAdvice(pattern: readonly number[], signal: Signal = 'audible'): string | undefined {
  const low = tonesUnderRoomCarry(pattern, signal);
  if (low.length === 0) return undefined;
  return (
    `${toneList(low)} ${low.length === 1 ? 'carries' : 'carry'} less well across a room: voices and music ` +
    `cover low tones first, so listeners far from the speaker may miss this trigger. Patterns from ` +
    `${ROOM_CARRY_MIN_HZ} Hz up carry further, but speech and music match them by chance more often.`
  );
}
