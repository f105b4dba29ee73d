import type { MediaFile } from '@tonemark/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { useExtractSegment } from '../api/extract-segment';
import { extractBounds, validateExtract } from '../lib/library-values';
import { mediaErrorText } from '../lib/media-errors';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';
import { readSeconds } from '../lib/segment-values';
import { FormError } from './form-error';

/** SPEC §2.15 Extract Segment: a plain cut of the selected item (no trigger). */
export function ExtractSegmentTab({ file }: { file: MediaFile }) {
  const id = useId();
  const extract = useExtractSegment();
  const [startText, setStartText] = useState('0');
  const [durationText, setDurationText] = useState(() =>
    String(Math.min(5, Math.max(1, Math.floor(file.duration ?? 5)))),
  );
  const [error, setError] = useState<string | null>(null);
  const start = readSeconds(startText);
  const { startMax, durationMax } = extractBounds(file.duration, Number.isNaN(start) ? 0 : start);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const duration = readSeconds(durationText);
    const problem = validateExtract(file.duration, start, duration);
    setError(problem);
    if (problem) return;
    extract.mutate(
      { mediaId: file.id, mediaPublicId: file.publicId, startTimeSeconds: start, durationSeconds: duration },
      {
        onSuccess: (segment) =>
          toast({ title: MEDIA_FAILURE_TEXTS.segmentExtracted, description: segment.title }),
        onError: (failure) => {
          const text = mediaErrorText(failure, 'The segment could not be cut. Please try again.');
          setError(text);
          toast({ title: MEDIA_FAILURE_TEXTS.extractionFailed, description: text, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>Start time (seconds)</Label>
          <Input
            id={`${id}-start`}
            type="number"
            min={0}
            max={startMax}
            step={0.1}
            value={startText}
            onChange={(event) => setStartText(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-duration`}>Duration (seconds)</Label>
          <Input
            id={`${id}-duration`}
            type="number"
            min={1}
            max={durationMax}
            step={0.1}
            value={durationText}
            onChange={(event) => setDurationText(event.target.value)}
          />
        </div>
      </div>
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={extract.isPending || file.status !== 'ready'}>
          {extract.isPending ? 'Processing...' : 'Extract Segment'}
        </Button>
      </div>
    </form>
  );
}
