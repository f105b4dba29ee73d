import type { EmbedResult, Trigger } from '@tonemark/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { useEmbedSubmit } from '../hooks/use-embed-submit';
import { useLossyCheck } from '../hooks/use-lossy-check';
import { validateEmbedForm } from '../lib/embed-validation';
import { readSeconds } from '../lib/segment-values';
import { FormError, FormWarning } from './form-error';
import { MediaFileField } from './media-file-field';
import { type MediaSource, MediaSourceTabs } from './media-source-tabs';
import { MediaUrlField } from './media-url-field';
import { TriggerSelect } from './trigger-select';

const TAB_CLASS = 'min-w-0 flex-1 px-2 text-xs sm:flex-none sm:px-3 sm:text-sm';

export interface EmbedMediaFormProps {
  /** Create Trigger step 2 embeds the trigger it just made; the Embed tool lets people choose. */
  fixedTrigger?: Trigger;
  onEmbedded: (result: EmbedResult) => void;
  secondaryAction?: ReactNode;
  /** After a successful embed on Create Trigger the form stays visible but inert until redirect. */
  locked?: boolean;
}

/** SPEC §2.5 / §2.13: tabs 'URL-based Media' and 'Upload Media File', trigger and start time. */
export function EmbedMediaForm({
  fixedTrigger,
  onEmbedded,
  secondaryAction,
  locked = false,
}: EmbedMediaFormProps) {
  const id = useId();
  const [tab, setTab] = useState<MediaSource>('url');
  const [mediaUrl, setMediaUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [startText, setStartText] = useState('0');
  const [chosen, setChosen] = useState<Trigger | null>(null);
  const [error, setError] = useState<string | null>(null);
  const trigger = fixedTrigger ?? chosen;

  const { submit, processing } = useEmbedSubmit(
    (result) => {
      setError(null);
      onEmbedded(result);
    },
    (message) => {
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  );

  const disabled = processing || locked;
  // Create Trigger: 'The submit button is disabled without a file' (SPEC §5).
  const uploadBlocked = fixedTrigger !== undefined && tab === 'file' && file === null;
  const media = tab === 'url' ? { name: mediaUrl } : { name: file?.name, type: file?.type };
  const { warning, audio } = useLossyCheck(trigger?.signal, media, tab === 'url' ? null : file);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const startTime = readSeconds(startText);
    const problem = validateEmbedForm({
      tab,
      mediaUrl,
      hasFile: file !== null,
      needsTriggerChoice: fixedTrigger === undefined,
      hasTrigger: trigger !== null,
      startTime,
    });
    setError(problem);
    if (problem || !trigger) return;
    submit(
      tab === 'url' ? { kind: 'url', mediaUrl } : { kind: 'file', file: file as File },
      trigger.id,
      startTime,
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="embed-form">
      <MediaSourceTabs
        value={tab}
        onChange={(source) => {
          setTab(source);
          setError(null);
        }}
        labels={{ url: 'URL-based Media', file: 'Upload Media File' }}
        disabled={disabled}
        // Small type on phones: at 375 px the two labels at text-sm are wider than the card.
        triggerClassName={TAB_CLASS}
        url={
          <MediaUrlField
            placeholder="https://example.com/audio.mp3"
            value={mediaUrl}
            disabled={disabled}
            onChange={setMediaUrl}
          />
        }
        file={<MediaFileField file={file} onChange={setFile} disabled={disabled} audio={audio} />}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        {fixedTrigger ? null : (
          <TriggerSelect
            id={`${id}-trigger`}
            value={chosen?.id ?? null}
            onChange={setChosen}
            disabled={disabled}
          />
        )}
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-start`}>Start time (seconds)</Label>
          <Input
            id={`${id}-start`}
            type="number"
            min={0}
            step={0.1}
            value={startText}
            disabled={disabled}
            onChange={(event) => setStartText(event.target.value)}
          />
        </div>
      </div>

      <FormWarning message={warning} />
      <FormError message={error} testId="embed-error" />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={disabled || uploadBlocked}>
          {processing ? 'Processing...' : 'Embed Trigger'}
        </Button>
      </div>
    </form>
  );
}
