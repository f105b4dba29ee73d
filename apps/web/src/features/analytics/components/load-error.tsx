import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A failed load, its message (SPEC §7 '{status}: {text}') and a way to try again. */
export function LoadError({
  what,
  error,
  onRetry,
  className,
}: {
  what: string;
  error: Error;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700',
        className,
      )}
      role="alert"
    >
      <span>
        Could not load {what}: {error.message}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw /> Try again
      </Button>
    </div>
  );
}
