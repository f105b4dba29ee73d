import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * A list's search box: the magnifier inside the field, the label for screen readers only and, with
 * three dots, as the placeholder (one text, so the two cannot drift apart).
 */
export function SearchInput({
  label,
  value,
  onChange,
  testId,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input
        type="search"
        aria-label={label}
        placeholder={`${label}...`}
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </div>
  );
}
