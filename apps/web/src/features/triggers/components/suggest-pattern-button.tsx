import type { TriggerSignal } from '@tonemark/shared';
import { Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSuggestPattern } from '../api/suggest-pattern';

/**
 * Asks the server for a pattern no active trigger on the platform comes near. Each press asks
 * with the next seed, so pressing again offers another pattern. The signal is sent because the
 * server judges which patterns the detector could confuse for that signal.
 */
export function SuggestPatternButton({
  excludeId,
  signal,
  disabled,
  onSuggest,
}: {
  excludeId?: number;
  signal?: TriggerSignal;
  disabled: boolean;
  onSuggest: (frequencyPattern: number[]) => void;
}) {
  const suggest = useSuggestPattern();
  const seed = useRef(0);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="justify-self-start"
      disabled={disabled || suggest.isPending}
      data-testid="suggest-pattern"
      onClick={() => {
        const current = seed.current;
        seed.current += 1;
        suggest.mutate(
          { seed: current, excludeId, signal },
          {
            onSuccess: (result) => onSuggest(result.frequencyPattern),
            onError: (error) =>
              toast({
                title: 'Error',
                description: errorMessage(error, 'Could not suggest a pattern'),
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <Sparkles /> Suggest a free pattern
    </Button>
  );
}
