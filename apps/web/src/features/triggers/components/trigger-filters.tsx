import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { isTypeFilter, TYPE_FILTER_OPTIONS, type TypeFilter } from '../lib/filter-triggers';

export function TriggerFilters({
  search,
  onSearchChange,
  type,
  onTypeChange,
  className,
  testIdPrefix = 'triggers',
}: {
  search: string;
  onSearchChange: (value: string) => void;
  type: TypeFilter;
  onTypeChange: (value: TypeFilter) => void;
  className?: string;
  testIdPrefix?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row', className)}>
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <label htmlFor={`${id}-search`} className="sr-only">
          Search triggers
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Search triggers..."
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          className="pl-9"
          data-testid={`${testIdPrefix}-search`}
        />
      </div>
      <Select
        value={type}
        onValueChange={(value) => {
          if (isTypeFilter(value)) onTypeChange(value);
        }}
      >
        <SelectTrigger
          className="sm:w-40"
          aria-label="Filter by type"
          data-testid={`${testIdPrefix}-type-filter`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TYPE_FILTER_OPTIONS.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
