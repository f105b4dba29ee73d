import { Sparkles } from 'lucide-react';

/** Why a new form's tones are not SPEC's defaults: another account's trigger already uses them. */
export function StartingPatternNotice({ replaced }: { replaced: number[] }) {
  return (
    <p
      role="status"
      data-testid="starting-pattern-notice"
      className="flex gap-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-900"
    >
      <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {replaced.join(', ')} Hz is taken by another account's active trigger, so these free tones were picked
        instead. Move the sliders or suggest another pattern to change them.
      </span>
    </p>
  );
}
