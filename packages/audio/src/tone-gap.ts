/**
 * The gap Suggest a free pattern keeps between any two of a pattern's tones, in semitones: each
 * slot is clearly its own tone, and no tone repeats (a repeated tone draws chance fits of music,
 * repeated-tone.ts). The benchmark draws "Suggest-like" trigger sets by the same rule.
 */
export const MIN_TONE_GAP_SEMITONES = 1.5;

/** Semitones between two tones: the detector's and the ear's scale are both logarithmic. */
export function semitonesApart(a: number, b: number): number {
  return Math.abs(12 * Math.log2(a / b));
}

/** Whether every two of the tones are at least MIN_TONE_GAP_SEMITONES apart. */
export function keepsToneGap(tones: readonly number[]): boolean {
  return tones.every((a, i) =>
    tones.slice(i + 1).every((b) => semitonesApart(a, b) >= MIN_TONE_GAP_SEMITONES),
  );
}
