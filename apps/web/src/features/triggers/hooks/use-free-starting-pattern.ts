import type { TriggerSignal } from '@tonemark/shared';
import { useEffect, useRef, useState } from 'react';
import { usePatternCheck } from '../api/check-pattern';
import { useSuggestPattern } from '../api/suggest-pattern';

/**
 * The seed of the pattern picked for a new form; Suggest's presses count from 0, so the first
 * press still offers another pattern.
 */
const STARTING_SEED = 1000;

function sameTones(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((hz, i) => hz === b[i]);
}

/**
 * A new trigger starts on SPEC's tones (1000, 1200, 1500, 1800 Hz) unless another account's
 * active trigger already uses exactly them: then saving would be refused (409 PATTERN_TAKEN,
 * docs/decisions/pattern-safety.md), so every creator after the first would open the form on a
 * refusal. In that case the form is given a free pattern once, before anyone touches the tones.
 * Returns the tones it replaced while the picked ones stand, so the form can say why they changed
 * (null: nothing replaced, or the creator has moved on from the pick).
 */
export function useFreeStartingPattern({
  enabled,
  frequencyPattern,
  signal,
  onPick,
}: {
  /** A new trigger, editable. */
  enabled: boolean;
  /** The form's tones now; the first ones seen are the tones it opened with. */
  frequencyPattern: number[];
  signal?: TriggerSignal;
  onPick: (frequencyPattern: number[]) => void;
}): number[] | null {
  const [opening] = useState(frequencyPattern);
  // Read when the answers come, which may be after the creator has moved a slider.
  const current = useRef(frequencyPattern);
  current.current = frequencyPattern;
  const check = usePatternCheck({ frequencyPattern: opening, signal }, { enabled });
  const suggest = useSuggestPattern();
  const decided = useRef(false);
  const [picked, setPicked] = useState<number[] | null>(null);

  useEffect(() => {
    if (!enabled || decided.current || !check.data) return;
    decided.current = true;
    const untouched = () => sameTones(current.current, opening);
    const taken = check.data.confusableWith.some((match) => !match.yours && match.kind === 'same');
    if (!taken || !untouched()) return;
    suggest.mutate(
      { seed: STARTING_SEED, signal },
      {
        onSuccess: (result) => {
          if (!untouched()) return;
          onPick(result.frequencyPattern);
          setPicked(result.frequencyPattern);
        },
      },
    );
  }, [enabled, check.data, signal, opening, onPick, suggest]);

  return picked && sameTones(frequencyPattern, picked) ? opening : null;
}
