import { Sparkles } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useSuggestPattern } from '../api/suggest-pattern';

/**
 * Asks the server for a pattern no active trigger on the platform comes near. Each press asks
 * with the next seed, so pressing again offers another pattern.
 */
export function SuggestPatternButton({
  excludeId,
  disabled,
  onSuggest,
}: {
  excludeId?: number;
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
          { seed: current, excludeId },
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
