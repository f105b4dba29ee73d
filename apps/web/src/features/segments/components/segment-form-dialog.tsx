import {
  type AudienceSegment,
  createSegmentSchema,
  DEVICE_TYPES,
  SEGMENT_BROWSERS,
  SEGMENT_OSES,
  SEGMENT_PLATFORMS,
  type SegmentCriteria,
  WEEKDAYS,
} from '@tonemark/shared';
import { type ReactNode, useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSaveDialog } from '@/hooks/use-save-dialog';
import { useSaveSegment } from '../api/segments';
import { parseLanguages } from '../lib/criteria-summary';

const PLATFORM_LABELS = { mobile: 'Phone', tablet: 'Tablet', desktop: 'Desktop' } as const;

function Choices<T extends string | number>({
  legend,
  options,
  selected,
  label,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  selected: T[] | undefined;
  label?: (option: T) => string;
  onChange: (next: T[] | undefined) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {options.map((option) => (
          <label key={String(option)} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={selected?.includes(option) ?? false}
              onChange={(e) => {
                const next = e.target.checked
                  ? [...(selected ?? []), option]
                  : (selected ?? []).filter((o) => o !== option);
                onChange(next.length > 0 ? next : undefined);
              }}
            />
            {label ? label(option) : String(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Create or edit a segment: every criterion left empty matches everyone. */
export function SegmentFormDialog({ segment, trigger }: { segment?: AudienceSegment; trigger: ReactNode }) {
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [criteria, setCriteria] = useState<SegmentCriteria>({});
  const [languages, setLanguages] = useState('');

  const set = <K extends keyof SegmentCriteria>(key: K, value: SegmentCriteria[K]) =>
    setCriteria((c) => {
      const next = { ...c };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });

  const save = useSaveSegment();
  const { form, errors } = useSaveDialog({
    noun: 'segment',
    editing: segment !== undefined,
    reset: () => {
      setName(segment?.name ?? '');
      setDescription(segment?.description ?? '');
      setCriteria(segment?.criteria ?? {});
      setLanguages(segment?.criteria.languages?.join(', ') ?? '');
    },
    input: () => {
      const input = {
        name,
        description: description || null,
        criteria: { ...criteria, languages: parseLanguages(languages) },
      };
      if (!input.criteria.languages) delete input.criteria.languages;
      return input;
    },
    schema: createSegmentSchema,
    save: (input, handlers) => save.mutate({ id: segment?.id, input }, handlers),
    outcome: {
      notice: segment ? 'Segment updated' : 'Segment created',
      name: (saved: AudienceSegment) => saved.name,
      failure: 'Failed to save the segment',
    },
  });

  const criteriaError = Object.entries(errors)
    .filter(([k]) => k.startsWith('criteria'))
    .map(([, m]) => m)
    .join(' · ');

  return (
    <FormDialog
      form={form}
      trigger={trigger}
      description="Only what the listener reports without naming anyone: its device, browser, local time and language."
      contentClassName="max-h-[90vh] overflow-y-auto"
      footer={
        <Button type="submit" disabled={save.isPending} data-testid="save-segment">
          {segment ? 'Save segment' : 'Create segment'}
        </Button>
      }
    >
      <TextField
        label="Name"
        value={name}
        onChange={setName}
        error={errors.name}
        placeholder="Evening phones"
      />
      <TextField label="Description (optional)" value={description} onChange={setDescription} />
      <Choices
        legend="Device"
        options={SEGMENT_PLATFORMS}
        selected={criteria.platforms}
        label={(p) => PLATFORM_LABELS[p]}
        onChange={(v) => set('platforms', v)}
      />
      <Choices
        legend="Operating system"
        options={SEGMENT_OSES}
        selected={criteria.os}
        onChange={(v) => set('os', v)}
      />
      <Choices
        legend="Browser"
        options={SEGMENT_BROWSERS}
        selected={criteria.browsers}
        onChange={(v) => set('browsers', v)}
      />
      <Choices
        legend="Listener"
        options={DEVICE_TYPES}
        selected={criteria.deviceTypes}
        onChange={(v) => set('deviceTypes', v)}
      />
      <fieldset className="grid gap-1.5">
        <legend className="text-sm font-medium text-slate-700">
          Time of day (the listener’s local time)
        </legend>
        <div className="flex items-center gap-2">
          <NativeSelect
            aria-label="From hour"
            className="w-28"
            value={criteria.hours?.from ?? ''}
            onChange={(e) =>
              set(
                'hours',
                e.target.value === ''
                  ? undefined
                  : { from: Number(e.target.value), to: criteria.hours?.to ?? 24 },
              )
            }
          >
            <option value="">Any time</option>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {String(h).padStart(2, '0')}:00
              </option>
            ))}
          </NativeSelect>
          {criteria.hours ? (
            <>
              <span className="text-sm text-slate-500">to</span>
              <NativeSelect
                aria-label="To hour"
                className="w-28"
                value={criteria.hours.to}
                onChange={(e) =>
                  set('hours', { from: criteria.hours?.from ?? 0, to: Number(e.target.value) })
                }
              >
                {[...HOURS.slice(1), 24].map((h) => (
                  <option key={h} value={h}>
                    {String(h).padStart(2, '0')}:00
                  </option>
                ))}
              </NativeSelect>
            </>
          ) : null}
        </div>
      </fieldset>
      <Choices
        legend="Days of the week"
        options={[1, 2, 3, 4, 5, 6, 0] as const}
        selected={criteria.days}
        label={(d) => WEEKDAYS[d] ?? ''}
        onChange={(v) => set('days', v)}
      />
      <TextField
        label="Languages (optional)"
        value={languages}
        onChange={setLanguages}
        placeholder="en, pt-BR"
      />
      <FieldError id={`${id}-criteria-error`} message={criteriaError || undefined} />
    </FormDialog>
  );
}
