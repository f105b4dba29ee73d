import type { EmbedResult, MediaFile, Trigger } from '@tonemark/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { useLibraryEmbedTrigger } from '../api/library-embed-trigger';
import { validateLibraryEmbed } from '../lib/library-values';
import { kbpsOf, lossyCodecWarning } from '../lib/lossy-warning';
import { mediaErrorText } from '../lib/media-errors';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';
import { readSeconds } from '../lib/segment-values';
import { EmbedResultCard } from './embed-result-card';
import { FormError, FormWarning } from './form-error';
import { TriggerSelect } from './trigger-select';

/** SPEC §2.15 Embed Trigger: a library item, a trigger, a position 0..length. */
export function LibraryEmbedTab({ file }: { file: MediaFile }) {
  const id = useId();
  const embed = useLibraryEmbedTrigger();
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [positionText, setPositionText] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<EmbedResult | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const position = readSeconds(positionText);
    const problem = validateLibraryEmbed({ hasMedia: true, trigger, position, lengthSec: file.duration });
    setError(problem);
    if (problem || !trigger) return;
    embed.mutate(
      {
        mediaId: file.id,
        mediaPublicId: file.publicId,
        triggerId: trigger.id,
        triggerPublicId: trigger.publicId,
        startTimeSeconds: position,
      },
      {
        onSuccess: (embedded) => {
          setResult(embedded);
          toast({ title: MEDIA_FAILURE_TEXTS.triggerEmbedded, description: embedded.media.title });
        },
        onError: (failure) => {
          const text = mediaErrorText(failure, 'The trigger could not be embedded. Please try again.');
          setError(text);
          toast({ title: MEDIA_FAILURE_TEXTS.embeddingFailed, description: text, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TriggerSelect id={`${id}-trigger`} value={trigger?.id ?? null} onChange={setTrigger} />
          <div className="grid content-start gap-1.5">
            <Label htmlFor={`${id}-position`}>Position (seconds)</Label>
            <Input
              id={`${id}-position`}
              type="number"
              min={0}
              max={file.duration ?? undefined}
              step={0.1}
              value={positionText}
              onChange={(event) => setPositionText(event.target.value)}
            />
          </div>
        </div>
        <FormWarning
          message={lossyCodecWarning(trigger?.signal, { type: file.contentType }, kbpsOf(file.audioBitRate))}
        />
        <FormError message={error} />
        <div className="flex justify-end">
          <Button type="submit" disabled={embed.isPending || file.status !== 'ready'}>
            {embed.isPending ? 'Processing...' : 'Embed Trigger'}
          </Button>
        </div>
      </form>
      {result ? <EmbedResultCard result={result} /> : null}
    </div>
  );
}
