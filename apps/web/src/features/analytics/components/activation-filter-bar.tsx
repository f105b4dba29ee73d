import { X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ActivationFilterChange } from '../hooks/use-activation-filters';
import type { ActivationTableFilters } from '../lib/activation-filters';

// Radix Select items cannot have an empty value, so 'all' stands for no filter.
const ALL = 'all';

function DateField({
  id,
  label,
  value,
  min,
  max,
  errorId,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
  /** Set when the field is invalid: the id of the message that says why. */
  errorId?: string;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="min-w-0 px-2 sm:px-3"
        value={value ?? ''}
        min={min}
        max={max}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value || undefined)}
        data-testid={testId}
      />
    </div>
  );
}

interface ActivationFilterBarProps {
  filters: ActivationTableFilters;
  triggers: { id: number; name: string }[];
  deviceTypes: string[];
  dateError?: string;
  onChange: (change: ActivationFilterChange) => void;
  onReset?: () => void;
}

/** SPEC §3.3 activation filters: trigger, start date, end date and device type. */
export function ActivationFilterBar({
  filters,
  triggers,
  deviceTypes,
  dateError,
  onChange,
  onReset,
}: ActivationFilterBarProps) {
  const id = useId();
  // A trigger or device type named in the address bar stays selectable even when the lists lack it.
  const triggerOptions =
    filters.triggerId && !triggers.some((t) => t.id === filters.triggerId)
      ? [...triggers, { id: filters.triggerId, name: `Trigger #${filters.triggerId}` }]
      : triggers;
  const deviceOptions =
    filters.deviceType && !deviceTypes.includes(filters.deviceType)
      ? [...deviceTypes, filters.deviceType]
      : deviceTypes;

  return (
    <div
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
      data-testid="activation-filters"
    >
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor={`${id}-trigger`}>Trigger</Label>
        <Select
          value={filters.triggerId ? String(filters.triggerId) : ALL}
          onValueChange={(value) => onChange({ triggerId: value === ALL ? undefined : Number(value) })}
        >
          <SelectTrigger id={`${id}-trigger`} data-testid="filter-trigger">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All triggers</SelectItem>
            {triggerOptions.map((trigger) => (
              <SelectItem key={trigger.id} value={String(trigger.id)}>
                {trigger.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <DateField
        id={`${id}-from`}
        label="Start date"
        value={filters.startDate}
        max={filters.endDate}
        onChange={(startDate) => onChange({ startDate })}
        testId="filter-start-date"
      />
      <DateField
        id={`${id}-to`}
        label="End date"
        value={filters.endDate}
        min={filters.startDate}
        errorId={dateError ? `${id}-date-error` : undefined}
        onChange={(endDate) => onChange({ endDate })}
        testId="filter-end-date"
      />
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor={`${id}-device`}>Device type</Label>
        <Select
          value={filters.deviceType ?? ALL}
          onValueChange={(value) => onChange({ deviceType: value === ALL ? undefined : value })}
        >
          <SelectTrigger id={`${id}-device`} data-testid="filter-device-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All device types</SelectItem>
            {deviceOptions.map((device) => (
              <SelectItem key={device} value={device}>
                {device}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button
        variant="ghost"
        className="justify-self-start text-slate-500 lg:justify-self-end"
        disabled={!onReset}
        onClick={onReset}
        data-testid="filter-reset"
      >
        <X /> Clear
      </Button>
      {dateError ? (
        <div className="col-span-2 lg:col-span-5">
          <FieldError id={`${id}-date-error`} message={dateError} />
        </div>
      ) : null}
    </div>
  );
}
