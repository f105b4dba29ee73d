import type { ConfusableTrigger, TriggerSignal } from '@tonemark/shared';
import { TriangleAlert } from 'lucide-react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { usePatternCheck } from '../api/check-pattern';

const KIND_TEXT: Record<ConfusableTrigger['kind'], string> = {
  same: 'sounds the same',
  'one-slot': 'differs in one tone only',
  shifted: 'shares tones with it one or two steps apart in time',
};

/**
 * Warns, while the creator is still choosing tones, when listeners could mistake this pattern
 * for an active trigger they already hear, or when the pattern itself is one music matches by
 * chance more often (the server's `warnings`). A warning, not a refusal: the creator decides.
 */
export function PatternSafetyNotice({
  frequencyPattern,
  signal,
  excludeId,
  enabled,
}: {
  frequencyPattern: number[];
  /** Patterns only collide within the same band, so the check compares like with like. */
  signal?: TriggerSignal;
  excludeId?: number;
  enabled: boolean;
}) {
  const settled = useDebouncedValue(frequencyPattern, 400);
  const { data } = usePatternCheck({ frequencyPattern: settled, signal, excludeId }, { enabled });
  const matches = data?.confusableWith ?? [];
  // What the pattern risks on its own (a repeated tone), in the server's one sentence for it.
  const warnings = data?.warnings ?? [];
  const platformReasons = [...new Set(matches.filter((m) => !m.yours).map((m) => m.reason))];
  if (!enabled || (matches.length === 0 && warnings.length === 0)) return null;
  return (
    <div
      role="status"
      data-testid="pattern-warning"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        {warnings.map((warning) => (
          <p key={warning} data-testid="pattern-own-warning">
            {warning}
          </p>
        ))}
        {matches.length === 0 ? null : (
          <>
            <p className="font-medium">Listeners could mistake this pattern for another trigger.</p>
            <ul className="grid gap-0.5">
              {matches.flatMap((match) =>
                match.yours && match.id !== null ? (
                  <li key={`own-${match.id}`}>
                    Your trigger <span className="font-medium">{match.name}</span> (
                    {match.frequencyPattern?.join(', ')} Hz): {KIND_TEXT[match.kind]}
                  </li>
                ) : (
                  []
                ),
              )}
              {/* Another account's triggers: taken or confusable, never whose or what they are. */}
              {platformReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </>
        )}
        <p className="text-xs text-amber-800">
          Move a slider to make every tone, or the order, distinct, or use Suggest a free pattern.
        </p>
      </div>
    </div>
  );
}
