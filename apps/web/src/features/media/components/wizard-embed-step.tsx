import type { EmbedResult, MediaFile, Trigger } from '@tonemark/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { useEmbedMedia } from '../api/embed-media';
import { START_TIME_MIN_MESSAGE } from '../lib/embed-validation';
import { WIZARD_FAILURE_TEXTS } from '../lib/flow-progress';
import { kbpsOf, lossyCodecWarning } from '../lib/lossy-warning';
import { mediaErrorText } from '../lib/media-errors';
import { readSeconds } from '../lib/segment-values';
import { FormError, FormWarning } from './form-error';

/** Wizard step 3: POST /api/media/embed {mediaId, triggerId, startTime}. */
export function WizardEmbedStep({
  media,
  trigger,
  onEmbedded,
  onFailed,
}: {
  media: MediaFile | null;
  trigger: Trigger | null;
  onEmbedded: (result: EmbedResult) => void;
  onFailed: (message: string) => void;
}) {
  const id = useId();
  const embed = useEmbedMedia();
  const [startText, setStartText] = useState('0');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!media || !trigger) {
      onFailed(WIZARD_FAILURE_TEXTS.missingInfo);
      return;
    }
    const startTime = readSeconds(startText);
    if (!(startTime >= 0)) {
      setError(START_TIME_MIN_MESSAGE);
      return;
    }
    setError(null);
    embed.mutate(
      { mediaId: media.id, triggerId: trigger.id, startTime },
      {
        onSuccess: onEmbedded,
        onError: (failure) => onFailed(mediaErrorText(failure, WIZARD_FAILURE_TEXTS.embedFailed)),
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="wizard-embed">
      <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Media</dt>
          <dd className="truncate font-medium text-slate-900">{media?.title ?? '—'}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Trigger</dt>
          <dd className="truncate font-medium text-slate-900">{trigger?.name ?? '—'}</dd>
        </div>
      </dl>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={`${id}-start`}>Start time (seconds)</Label>
        <Input
          id={`${id}-start`}
          type="number"
          min={0}
          max={media?.duration ?? undefined}
          step={0.1}
          value={startText}
          disabled={embed.isPending}
          onChange={(event) => setStartText(event.target.value)}
        />
      </div>
      <FormWarning
        message={lossyCodecWarning(
          trigger?.signal,
          { type: media?.contentType },
          kbpsOf(media?.audioBitRate),
        )}
      />
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={embed.isPending}>
          {embed.isPending ? 'Processing...' : 'Embed Trigger'}
        </Button>
      </div>
    </form>
  );
}
