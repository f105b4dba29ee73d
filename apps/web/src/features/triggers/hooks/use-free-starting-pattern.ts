import type { TriggerSignal } from '@tonemark/shared';
import { useEffect, useRef, useState } from 'react';
import { usePatternCheck } from '../api/check-pattern';
import { useSuggestPattern } from '../api/suggest-pattern';

/**
 * The seed of the pattern picked for a new form; Suggest's presses count from 0, so the first
 * press still offers another pattern.
 */
const STARTING_SEED = 1000;

/**
 * A new trigger starts on SPEC's tones (1000, 1200, 1500, 1800 Hz) unless another account's
 * active trigger already uses exactly them: then saving would be refused (409 PATTERN_TAKEN,
 * docs/decisions/pattern-safety.md), so every creator after the first would open the form on a
 * refusal. In that case the form is given a free pattern once, before anyone touches the tones.
 * Returns the tones it replaced and the ones it picked, so the form can say why they changed
 * while they stand (null: nothing replaced).
 */
export function useFreeStartingPattern({
  enabled,
  frequencyPattern,
  signal,
  untouched,
  onPick,
}: {
  /** A new trigger, editable. */
  enabled: boolean;
  frequencyPattern: number[];
  signal?: TriggerSignal;
  /** Whether the tones are still the ones the form opened with; read when the answer comes. */
  untouched: () => boolean;
  onPick: (frequencyPattern: number[]) => void;
}): { replaced: number[]; picked: number[] } | null {
  const [opening] = useState(frequencyPattern);
  const check = usePatternCheck({ frequencyPattern: opening, signal }, { enabled });
  const suggest = useSuggestPattern();
  const decided = useRef(false);
  const [change, setChange] = useState<{ replaced: number[]; picked: number[] } | null>(null);

  useEffect(() => {
    if (!enabled || decided.current || !check.data) return;
    decided.current = true;
    const taken = check.data.confusableWith.some((match) => !match.yours && match.kind === 'same');
    if (!taken || !untouched()) return;
    suggest.mutate(
      { seed: STARTING_SEED, signal },
      {
        onSuccess: (result) => {
          if (!untouched()) return;
          onPick(result.frequencyPattern);
          setChange({ replaced: opening, picked: result.frequencyPattern });
        },
      },
    );
  }, [enabled, check.data, signal, opening, untouched, onPick, suggest]);

  return change;
}
