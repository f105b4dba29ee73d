import type { Trigger } from '@tonemark/shared';
import { Link } from 'react-router';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTriggers } from '@/features/triggers';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';

/** Picks one of the user's triggers (GET /api/triggers); says so when there are none or they fail. */
export function TriggerSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: number | null;
  onChange: (trigger: Trigger | null) => void;
  disabled?: boolean;
}) {
  const triggers = useTriggers();
  const list = triggers.data ?? [];
  const chosen = list.find((t) => t.id === value);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>Trigger</Label>
      <Select
        value={value === null ? '' : String(value)}
        onValueChange={(next) => onChange(list.find((t) => String(t.id) === next) ?? null)}
        disabled={disabled || triggers.isPending}
      >
        <SelectTrigger id={id} aria-label="Trigger">
          <SelectValue placeholder={triggers.isPending ? 'Loading triggers…' : 'Select a trigger'} />
        </SelectTrigger>
        <SelectContent>
          {list.map((trigger) => (
            <SelectItem key={trigger.id} value={String(trigger.id)}>
              {trigger.name}
              {trigger.signal !== 'audible' ? ` (${trigger.signal})` : ''}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {chosen && chosen.signal !== 'audible' ? (
        <p className="text-xs text-slate-500" data-testid="trigger-signal-note">
          {TRIGGER_SIGNAL_INFO[chosen.signal].label} ({TRIGGER_SIGNAL_INFO[chosen.signal].band}):{' '}
          {TRIGGER_SIGNAL_INFO[chosen.signal].hint}
        </p>
      ) : null}
      {triggers.isError ? (
        <p className="text-xs font-medium text-red-600">{MEDIA_FAILURE_TEXTS.loadTriggersFailed}</p>
      ) : triggers.isSuccess && list.length === 0 ? (
        <p className="text-xs text-slate-500">
          No triggers found.{' '}
          <Link to="/admin/create-trigger" className="font-medium text-indigo-600 hover:underline">
            Create one
          </Link>
        </p>
      ) : null}
    </div>
  );
}
