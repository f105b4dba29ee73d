/**
 * The SPEC §9 pattern score: 70 % the longest in-order run of matched pattern tones plus 30 % the
 * share of pattern tones matched at all; a tone matches an observed frequency within 10 %.
 */

export const SPEC_MATCH_TOLERANCE = 0.1;
export const SPEC_RUN_WEIGHT = 0.7;
export const SPEC_SHARE_WEIGHT = 0.3;
export const SPEC_MIN_OBSERVED = 2;

export interface SpecMatch {
  score: number;
  /** For each pattern slot, the observed frequency it was matched to in the longest run (or undefined). */
  matched: (number | undefined)[];
}

/** True when `observed` is within 10 % of any of the slot's played tones. */
export function tonesMatch(observed: number, tones: readonly number[]): boolean {
  return tones.some((t) => Math.abs(observed - t) <= SPEC_MATCH_TOLERANCE * t);
}

/**
 * `slots` are the tones played per pattern slot (one, or two for `combined`); `observed` is the
 * time-ordered sequence of dominant frequencies seen. The in-order run is the longest stretch of
 * consecutive pattern slots found at increasing positions of `observed` (other frequencies may
 * sit between them: music does not pause for the trigger).
 */
export function matchPattern(slots: readonly (readonly number[])[], observed: readonly number[]): SpecMatch {
  const none: SpecMatch = { score: 0, matched: slots.map(() => undefined) };
  if (slots.length === 0 || countDistinct(observed) < SPEC_MIN_OBSERVED) return none;
  let matchedCount = 0;
  for (const tones of slots) if (observed.some((o) => tonesMatch(o, tones))) matchedCount++;

  let best = none.matched;
  let bestRun = 0;
  for (let start = 0; start < slots.length; start++) {
    const run: (number | undefined)[] = slots.map(() => undefined);
    let position = -1;
    let length = 0;
    for (let slot = start; slot < slots.length; slot++) {
      const tones = slots[slot] ?? [];
      const next = observed.findIndex((o, i) => i > position && tonesMatch(o, tones));
      if (next < 0) break;
      position = next;
      run[slot] = observed[next];
      length++;
    }
    if (length > bestRun) {
      bestRun = length;
      best = run;
    }
  }
  const score =
    SPEC_RUN_WEIGHT * (bestRun / slots.length) + SPEC_SHARE_WEIGHT * (matchedCount / slots.length);
  return { score, matched: best };
}

function countDistinct(observed: readonly number[]): number {
  const distinct: number[] = [];
  for (const o of observed) {
    if (!distinct.some((d) => Math.abs(d - o) <= SPEC_MATCH_TOLERANCE * d)) distinct.push(o);
  }
  return distinct.length;
}

/** SPEC: "the same pattern must be seen in 2 consecutive samples, with frequencies within 10 % of
 * each other": every slot matched in both analyses must agree within 10 %, and at least two must. */
export function consistentMatches(previous: SpecMatch, current: SpecMatch): boolean {
  let common = 0;
  for (let i = 0; i < current.matched.length; i++) {
    const a = previous.matched[i];
    const b = current.matched[i];
    if (a === undefined || b === undefined) continue;
    if (Math.abs(a - b) > SPEC_MATCH_TOLERANCE * Math.max(a, b)) return false;
    common++;
  }
  return common >= SPEC_MIN_OBSERVED;
}
