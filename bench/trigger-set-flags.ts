import type { TriggerSetRecipe } from './trigger-set.ts';

/**
 * The flags that name another trigger set than the benchmark's own, as audio-bench reads them; the
 * trace and A/B tools take the same flags and read that set's programme by the same name.
 */
export const TRIGGER_SET_OPTIONS = {
  'trigger-seed': { type: 'string' },
  // Patterns drawn from this tone up (700: the room-carry limit, docs/decisions/room-carry.md).
  'min-tone-hz': { type: 'string' },
  // Patterns Suggest a free pattern could offer (any two tones 1.5 semitones apart or more).
  'suggest-gap': { type: 'boolean' },
} as const;

/** The trigger-set flags as parseArgs returns them. */
export interface TriggerSetValues {
  'trigger-seed'?: string;
  'min-tone-hz'?: string;
  'suggest-gap'?: boolean;
}

/** An optional whole-number flag: undefined when absent, refused when not a whole number. */
function whole(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`${flag} must be an integer`);
  return n;
}

/** The recipe the flags name. */
export function triggerSetRecipeOf(values: TriggerSetValues): TriggerSetRecipe {
  return {
    triggerSeed: whole(values['trigger-seed'], '--trigger-seed'),
    minToneHz: whole(values['min-tone-hz'], '--min-tone-hz'),
    suggestGap: values['suggest-gap'] === true,
  };
}
