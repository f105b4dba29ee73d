import {
  defaultActionForType,
  FREQUENCY_MAX_HZ,
  FREQUENCY_MIN_HZ,
  FREQUENCY_STEP_HZ,
  TRIGGER_ACTIONS,
  TRIGGER_TYPES,
  type TriggerAction,
  type TriggerType,
} from '@tonemark/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { TRIGGER_TYPE_META } from '@/components/trigger-type-badge';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import { useFreeStartingPattern } from '../hooks/use-free-starting-pattern';
import {
  ACTION_DATA_HINTS,
  ACTION_LABELS,
  type TriggerFormPayload,
  type TriggerFormValues,
  validateTriggerForm,
} from '../lib/trigger-form-values';
import { PatternSafetyNotice } from './pattern-safety-notice';
import { RoomCarryNotice } from './room-carry-notice';
import { SignalField } from './signal-field';
import { StartingPatternNotice } from './starting-pattern-notice';
import { SuggestPatternButton } from './suggest-pattern-button';

function isTriggerType(value: string): value is TriggerType {
  return (TRIGGER_TYPES as readonly string[]).includes(value);
}

function isTriggerAction(value: string): value is TriggerAction {
  return (TRIGGER_ACTIONS as readonly string[]).includes(value);
}

/** The tone pattern as four bars, so creators see the shape they are building. */
function PatternPreview({ frequencies }: { frequencies: number[] }) {
  return (
    <div className="flex h-14 items-end gap-1.5" aria-hidden>
      {frequencies.map((hz, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
          key={index}
          className="w-4 rounded-t-md bg-gradient-to-t from-indigo-500 to-violet-400"
          style={{
            height: `${20 + ((hz - FREQUENCY_MIN_HZ) / (FREQUENCY_MAX_HZ - FREQUENCY_MIN_HZ)) * 80}%`,
          }}
        />
      ))}
    </div>
  );
}

export interface TriggerFormProps {
  initialValues: TriggerFormValues;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onSubmit: (payload: TriggerFormPayload) => void;
  /** Per-field messages from a 400 answer, e.g. { name: 'Required' }. */
  serverErrors?: Record<string, string>;
  readOnly?: boolean;
  secondaryAction?: ReactNode;
  /** The trigger being edited, left out of the pattern-safety check. */
  triggerId?: number;
}

/** Create and Edit share this form; validation comes from the shared createTriggerSchema. */
export function TriggerForm({
  initialValues,
  submitLabel,
  pendingLabel,
  isPending,
  onSubmit,
  serverErrors,
  readOnly = false,
  secondaryAction,
  triggerId,
}: TriggerFormProps) {
  const id = useId();
  const [values, setValues] = useState<TriggerFormValues>(initialValues);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...serverErrors, ...clientErrors };
  const disabled = readOnly || isPending;
  const hint = ACTION_DATA_HINTS[values.action];
  const replacedTones = useFreeStartingPattern({
    enabled: triggerId === undefined && !readOnly,
    frequencyPattern: values.frequencyPattern,
    signal: initialValues.signal,
    onPick: (frequencyPattern) => update('frequencyPattern', frequencyPattern),
  });

  function update<K extends keyof TriggerFormValues>(key: K, value: TriggerFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly) return;
    const result = validateTriggerForm(values);
    if (!result.success) {
      setClientErrors(result.errors);
      return;
    }
    setClientErrors({});
    onSubmit(result.payload);
  }

  const describe = (field: string, extra?: string) => {
    const ids = [extra, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ');
    return {
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-6" data-testid="trigger-form">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-5">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              name="name"
              placeholder="Summer promo jingle"
              value={values.name}
              disabled={disabled}
              onChange={(event) => update('name', event.target.value)}
              {...describe('name')}
            />
            <FieldError id={`${id}-name-error`} message={errors.name} />
          </div>

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-description`}>
              Description <span className="font-normal text-slate-400">(optional)</span>
            </Label>
            <Textarea
              id={`${id}-description`}
              name="description"
              rows={3}
              placeholder="Where this trigger plays and what it does"
              value={values.description}
              disabled={disabled}
              onChange={(event) => update('description', event.target.value)}
              {...describe('description')}
            />
            <FieldError id={`${id}-description-error`} message={errors.description} />
          </div>

          <div className="grid gap-5 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label id={`${id}-type-label`}>Type</Label>
              <Select
                value={values.type}
                disabled={disabled}
                onValueChange={(value) => {
                  if (!isTriggerType(value)) return;
                  // SPEC §4: changing the type sets the default action.
                  setValues((current) => ({ ...current, type: value, action: defaultActionForType(value) }));
                }}
              >
                <SelectTrigger
                  aria-labelledby={`${id}-type-label`}
                  data-testid="trigger-type-select"
                  {...describe('type')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TRIGGER_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {type} · {TRIGGER_TYPE_META[type].hint}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={`${id}-type-error`} message={errors.type} />
            </div>
            <div className="grid gap-1.5">
              <Label id={`${id}-action-label`}>Action</Label>
              <Select
                value={values.action}
                disabled={disabled}
                onValueChange={(value) => {
                  if (isTriggerAction(value)) update('action', value);
                }}
              >
                <SelectTrigger
                  aria-labelledby={`${id}-action-label`}
                  data-testid="trigger-action-select"
                  {...describe('action')}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TRIGGER_ACTIONS.map((action) => (
                    <SelectItem key={action} value={action}>
                      {ACTION_LABELS[action]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={`${id}-action-error`} message={errors.action} />
            </div>
          </div>

          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-actionData`}>
              Action Data <span className="font-normal text-slate-400">· {hint.label}</span>
            </Label>
            {values.action === 'DISPLAY_REWARD' || values.action === 'CUSTOM_ACTION' ? (
              <Textarea
                id={`${id}-actionData`}
                name="actionData"
                rows={3}
                className="font-mono text-xs"
                placeholder={hint.placeholder}
                value={values.actionData}
                disabled={disabled}
                onChange={(event) => update('actionData', event.target.value)}
                {...describe('actionData', `${id}-actionData-hint`)}
              />
            ) : (
              <Input
                id={`${id}-actionData`}
                name="actionData"
                placeholder={hint.placeholder}
                value={values.actionData}
                disabled={disabled}
                onChange={(event) => update('actionData', event.target.value)}
                {...describe('actionData', `${id}-actionData-hint`)}
              />
            )}
            <p id={`${id}-actionData-hint`} className="text-xs text-slate-500">
              {hint.hint}
            </p>
            <FieldError id={`${id}-actionData-error`} message={errors.actionData} />
          </div>
        </div>

        <div className="grid content-start gap-5">
          <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <legend className="px-1 text-sm font-medium text-slate-700">Frequency pattern</legend>
            <div className="flex items-end justify-between gap-4">
              <p className="text-xs text-slate-500">
                Four tones, {FREQUENCY_MIN_HZ}–{FREQUENCY_MAX_HZ} Hz in steps of {FREQUENCY_STEP_HZ}.
                Listeners match this pattern through the microphone.
              </p>
              <PatternPreview frequencies={values.frequencyPattern} />
            </div>
            {values.frequencyPattern.map((hz, index) => {
              const field = `frequencyPattern.${index}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the four slots are fixed positions
                <div key={index} className="grid gap-2">
                  <div className="flex items-center justify-between text-sm">
                    <span className="font-medium text-slate-700" id={`${id}-freq-${index}`}>
                      Frequency {index + 1}
                    </span>
                    <span
                      className="font-mono text-indigo-700 tabular-nums"
                      data-testid={`frequency-value-${index}`}
                    >
                      {hz} Hz
                    </span>
                  </div>
                  <Slider
                    min={FREQUENCY_MIN_HZ}
                    max={FREQUENCY_MAX_HZ}
                    step={FREQUENCY_STEP_HZ}
                    value={[hz]}
                    disabled={disabled}
                    thumbLabel={`Frequency ${index + 1}`}
                    onValueChange={([next]) => {
                      if (next === undefined) return;
                      setValues((current) => ({
                        ...current,
                        frequencyPattern: current.frequencyPattern.map((value, i) =>
                          i === index ? next : value,
                        ),
                      }));
                    }}
                  />
                  <FieldError id={`${id}-${field}-error`} message={errors[field]} />
                </div>
              );
            })}
            <FieldError id={`${id}-frequencyPattern-error`} message={errors.frequencyPattern} />
            {readOnly ? null : (
              <SuggestPatternButton
                excludeId={triggerId}
                signal={values.signal}
                disabled={disabled}
                onSuggest={(frequencyPattern) => update('frequencyPattern', frequencyPattern)}
              />
            )}
            {replacedTones ? <StartingPatternNotice replaced={replacedTones} /> : null}
            <PatternSafetyNotice
              frequencyPattern={values.frequencyPattern}
              signal={values.signal}
              excludeId={triggerId}
              enabled={!readOnly}
            />
            {readOnly ? null : (
              <RoomCarryNotice frequencyPattern={values.frequencyPattern} signal={values.signal} />
            )}
          </fieldset>

          <SignalField
            id={id}
            value={values.signal}
            frequencyPattern={values.frequencyPattern}
            disabled={disabled}
            error={errors.signal}
            onChange={(signal) => update('signal', signal)}
          />

          <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
            <div>
              <Label htmlFor={`${id}-active`}>Active</Label>
              <p className="text-xs text-slate-500">
                {values.status === 'scheduled'
                  ? 'Trigger is scheduled for future activation'
                  : 'Inactive triggers are ignored by listeners.'}
              </p>
            </div>
            <Switch
              id={`${id}-active`}
              checked={values.status === 'active'}
              disabled={disabled}
              onCheckedChange={(checked) => update('status', checked ? 'active' : 'inactive')}
            />
          </div>

          <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 p-4">
            <div>
              <Label htmlFor={`${id}-public`}>Public action</Label>
              <p className="text-xs text-slate-500">
                Ship the name and action to every listener so it runs offline. Leave off for rewards and
                codes: listeners then get the action only when they hear the trigger.
              </p>
            </div>
            <Switch
              id={`${id}-public`}
              checked={values.isPublic}
              disabled={disabled}
              onCheckedChange={(checked) => update('isPublic', checked)}
            />
          </div>
        </div>
      </div>

      {errors.form ? <FieldError id={`${id}-form-error`} message={errors.form} /> : null}

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        {secondaryAction}
        {readOnly ? null : (
          <Button type="submit" disabled={isPending}>
            {isPending ? pendingLabel : submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
