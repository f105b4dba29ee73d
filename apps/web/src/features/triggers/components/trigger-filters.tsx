import { SearchInput } from '@/components/search-input';
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
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row', className)}>
      <SearchInput
        label="Search triggers"
        value={search}
        onChange={onSearchChange}
        testId={`${testIdPrefix}-search`}
        className="flex-1"
      />
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
