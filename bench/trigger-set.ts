import { keepsToneGap, type TriggerSpec } from '@tonemark/audio';
import { SeededRandom } from './seeded-random.ts';

// The creator's slider (SPEC §9): 500-2000 Hz in 50 Hz steps, four tones.
export const GRID_MIN_HZ = 500;
export const GRID_MAX_HZ = 2000;
export const GRID_STEP_HZ = 50;
const TONES = 4;
// Two tones closer than this are "the same tone" for the distinctness rules below.
const SAME_TONE_HZ = 100;

function grid(minHz = GRID_MIN_HZ): number[] {
  const values: number[] = [];
  for (let f = minHz; f <= GRID_MAX_HZ; f += GRID_STEP_HZ) values.push(f);
  return values;
}

/** Slots where two patterns play (nearly) the same tone. */
export function sharedSlots(a: readonly number[], b: readonly number[]): number {
  return a.reduce(
    (n, f, i) => n + (Math.abs(f - (b[i] ?? Number.POSITIVE_INFINITY)) < SAME_TONE_HZ ? 1 : 0),
    0,
  );
}

/**
 * Random but distinct trigger patterns on the slider grid: consecutive tones differ by at least
 * 100 Hz (else a pattern is a held tone) and any two patterns share at most one slot, a stand-in
 * for the product's pattern-safety warning so the benchmark measures detection, not patterns a
 * creator would have been warned about. `minHz` draws from the slider's upper part only (the tones
 * that carry across a room, room-carry.ts); `suggestGap` keeps Suggest a free pattern's gap
 * between any two tones (tone-gap.ts), so the set is one Suggest could have offered.
 */
export function generateTriggerSet(
  count: number,
  seed: number,
  minHz = GRID_MIN_HZ,
  suggestGap = false,
): TriggerSpec[] {
  if (minHz < GRID_MIN_HZ || minHz > GRID_MAX_HZ || (minHz - GRID_MIN_HZ) % GRID_STEP_HZ !== 0)
    throw new Error(
      `the lowest tone must be on the slider grid (${GRID_MIN_HZ}-${GRID_MAX_HZ} Hz, step ${GRID_STEP_HZ})`,
    );
  const rng = new SeededRandom(seed);
  const values = grid(minHz);
  const patterns: number[][] = [];
  for (let attempt = 0; patterns.length < count; attempt++) {
    if (attempt > 100_000) throw new Error(`could not find ${count} distinct patterns`);
    const pattern = Array.from({ length: TONES }, () => values[rng.int(0, values.length - 1)] as number);
    const smooth = pattern.every(
      (f, i) => i === 0 || Math.abs(f - (pattern[i - 1] as number)) >= SAME_TONE_HZ,
    );
    if (suggestGap && !keepsToneGap(pattern)) continue;
    if (smooth && patterns.every((p) => sharedSlots(p, pattern) <= 1)) patterns.push(pattern);
  }
  return patterns.map((frequencyPattern, i) => ({
    id: `T${String(i + 1).padStart(2, '0')}`,
    frequencyPattern,
  }));
}

/** Which trigger set a run plays (the benchmark's own when all are left out). */
export interface TriggerSetRecipe {
  triggerSeed?: number;
  minToneHz?: number;
  suggestGap?: boolean;
}

/** Whether a recipe names another set than the benchmark's own. */
export function isOtherSet(recipe: TriggerSetRecipe): boolean {
  return recipe.triggerSeed !== undefined || recipe.minToneHz !== undefined || recipe.suggestGap === true;
}

/** The recipe's 24 (or `count`) patterns; `defaultSeed` is the benchmark's own seed. */
export function triggerSetOf(recipe: TriggerSetRecipe, count: number, defaultSeed: number): TriggerSpec[] {
  return generateTriggerSet(count, recipe.triggerSeed ?? defaultSeed, recipe.minToneHz, recipe.suggestGap);
}

/**
 * Extra active triggers for the cost table (N = 100 ... 3,000): random grid patterns with
 * consecutive tones at least 100 Hz apart, none identical to another and none sharing three or
 * more slots with an embedded trigger (a pair the product's pattern-safety check warns about).
 * They are never played: they only make the detector listen for more.
 */
export function generateDecoys(count: number, embedded: readonly TriggerSpec[], seed: number): TriggerSpec[] {
  const rng = new SeededRandom(seed);
  const values = grid();
  const seen = new Set(embedded.map((t) => t.frequencyPattern.join(',')));
  const decoys: TriggerSpec[] = [];
  for (let attempt = 0; decoys.length < count; attempt++) {
    if (attempt > 100 * count + 1000) throw new Error(`could not find ${count} decoy patterns`);
    const pattern = Array.from({ length: TONES }, () => values[rng.int(0, values.length - 1)] as number);
    const key = pattern.join(',');
    if (seen.has(key)) continue;
    if (!pattern.every((f, i) => i === 0 || Math.abs(f - (pattern[i - 1] as number)) >= SAME_TONE_HZ))
      continue;
    if (embedded.some((t) => sharedSlots(t.frequencyPattern, pattern) >= 3)) continue;
    seen.add(key);
    decoys.push({ id: `D${decoys.length + 1}`, frequencyPattern: pattern });
  }
  return decoys;
}
