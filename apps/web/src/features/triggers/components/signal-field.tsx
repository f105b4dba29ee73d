import { signalFrequencies } from '@tonemark/audio';
import { TRIGGER_SIGNALS, type TriggerSignal } from '@tonemark/shared';
import { Label } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';

function isTriggerSignal(value: string): value is TriggerSignal {
  return (TRIGGER_SIGNALS as readonly string[]).includes(value);
}

const hz = (f: number) => `${Math.round(f).toLocaleString('en-US')} Hz`;

/** The tones a listener will actually hear for this pattern and signal, slot by slot. */
export function playedTonesText(frequencyPattern: number[], signal: TriggerSignal): string {
  return signalFrequencies(frequencyPattern, signal)
    .map((slot) => slot.map(hz).join(' + '))
    .join(' · ');
}

/**
 * How the trigger is played. The sliders always choose the pattern; the signal moves it into
 * another band, so the creator sees both what it is for and the tones that will really sound.
 */
export function SignalField({
  id,
  value,
  frequencyPattern,
  disabled,
  error,
  onChange,
}: {
  id: string;
  value: TriggerSignal;
  frequencyPattern: number[];
  disabled: boolean;
  error?: string;
  onChange: (signal: TriggerSignal) => void;
}) {
  const info = TRIGGER_SIGNAL_INFO[value];
  return (
    <div className="grid gap-1.5 rounded-xl border border-slate-200 p-4" data-testid="signal-field">
      <Label id={`${id}-signal-label`}>Signal</Label>
      <Select
        value={value}
        disabled={disabled}
        onValueChange={(next) => {
          if (isTriggerSignal(next)) onChange(next);
        }}
      >
        <SelectTrigger
          aria-labelledby={`${id}-signal-label`}
          aria-describedby={`${id}-signal-hint`}
          aria-invalid={error ? true : undefined}
          data-testid="trigger-signal-select"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TRIGGER_SIGNALS.map((signal) => (
            <SelectItem key={signal} value={signal}>
              {TRIGGER_SIGNAL_INFO[signal].label} · {TRIGGER_SIGNAL_INFO[signal].band}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-signal-hint`} className="text-xs text-slate-500" data-testid="signal-hint">
        {info.hint}
      </p>
      <p className="text-xs text-slate-500">
        Plays as <span className="font-mono text-slate-700">{playedTonesText(frequencyPattern, value)}</span>
      </p>
      {error ? (
        <p className="text-xs font-medium text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
