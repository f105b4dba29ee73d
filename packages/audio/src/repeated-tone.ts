import type { Signal } from './types.ts';

/** Signals that sound the slider's tones as set, where music's notes are (room-carry.ts). */
const PLAYS_SLIDER_TONES = new Set<Signal>(['audible', 'combined']);

/**
 * Tones the pattern plays in more than one slot, lowest first, where the signal sounds them as set
 * (docs/decisions/audio-shared-sound-pairs.md, "A repeated tone draws chance fits"). Music returns
 * to a note often, so a pattern with a repeated tone asks the music for three notes where four
 * different tones ask for four: on trigger-free programme such patterns drew two to three times the
 * chance fits of the others (2.0x on the tuning split, 3.3x on held-out). Over 13 kHz (`ultrasonic`, `streaming`) music has no notes to fit.
 */
export function repeatedTones(pattern: readonly number[], signal: Signal = 'audible'): number[] {
  if (!PLAYS_SLIDER_TONES.has(signal)) return [];
  return [...new Set(pattern.filter((hz, i) => pattern.indexOf(hz) !== i))].sort((a, b) => a - b);
}

/** The warning the pattern check gives for a repeated tone, one sentence for every place it shows. */
export function repeatedToneAdvice(
  pattern: readonly number[],
  signal: Signal = 'audible',
): string | undefined {
  const repeated = repeatedTones(pattern, signal);
  if (repeated.length === 0) return undefined;
  const names = repeated.map((hz) => `${hz} Hz`).join(' and ');
  return (
    `${names} ${repeated.length === 1 ? 'plays' : 'play'} more than once: music often returns to a note, ` +
    'so a song or jingle can match this pattern by chance and set the trigger off when nobody played it. ' +
    'Four different tones are matched by chance least.'
  );
}
