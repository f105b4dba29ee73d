import type { SegmentResult, Trigger } from '@tonemark/shared';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { useLossyCheck } from '../hooks/use-lossy-check';
import { useObjectUrl } from '../hooks/use-object-url';
import { useSegmentSubmit } from '../hooks/use-segment-submit';
import { previewKind } from '../lib/preview-kind';
import {
  readSeconds,
  SEGMENT_DURATION_MIN,
  SEGMENT_START_MIN,
  SEGMENT_STEP,
  segmentDefaults,
  TRIGGER_POSITION_MIN,
  validateSegmentForm,
} from '../lib/segment-values';
import { FormError, FormWarning } from './form-error';
import { MediaFileField } from './media-file-field';
import { type MediaSource, MediaSourceTabs } from './media-source-tabs';
import { MediaUrlField } from './media-url-field';
import { SegmentPreview } from './segment-preview';
import { SegmentResultCard } from './segment-result-card';
import { SegmentVisualization } from './segment-visualization';
import { TriggerSelect } from './trigger-select';

type Tab = MediaSource;

function SecondsField(props: {
  id: string;
  label: string;
  min: number;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="number"
        min={props.min}
        step={SEGMENT_STEP}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

/** SPEC §2.14 Process Segment: cut a segment of a URL's or a file's media with a trigger inside. */
export function SegmentTool() {
  const id = useId();
  const [tab, setTab] = useState<Tab>('url');
  const [mediaUrl, setMediaUrl] = useState('');
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const fileUrl = useObjectUrl(file);
  const [length, setLength] = useState<number | null>(null);
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  const [startText, setStartText] = useState('0');
  const [durationText, setDurationText] = useState('5');
  const [positionText, setPositionText] = useState('2.5');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SegmentResult | null>(null);
  const { submit, processing } = useSegmentSubmit((done) => {
    setError(null);
    setResult(done);
  }, setError);

  const media = tab === 'url' ? { name: mediaUrl } : { name: file?.name, type: file?.type };
  const { warning: lossyWarning, audio } = useLossyCheck(trigger?.signal, media, tab === 'url' ? null : file);
  const src = tab === 'url' ? previewUrl : fileUrl;
  const kind =
    tab === 'url'
      ? previewKind({ name: previewUrl ?? '' })
      : previewKind({ type: file?.type, name: file?.name });
  const numbers = {
    start: readSeconds(startText),
    duration: readSeconds(durationText),
    position: readSeconds(positionText),
  };

  function onLength(seconds: number) {
    const known = Number.isFinite(seconds) ? seconds : null;
    setLength(known);
    const defaults = segmentDefaults(seconds);
    setDurationText(String(defaults.segmentDuration));
    setPositionText(String(defaults.triggerPosition));
  }

  function switchTab(next: Tab) {
    setTab(next);
    setLength(null);
    setError(null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSegmentForm({
      source: tab,
      mediaUrl,
      hasFile: file !== null,
      triggerId: trigger?.id ?? null,
      segmentDuration: numbers.duration,
      triggerPosition: numbers.position,
    });
    setError(problem);
    if (problem || !trigger) return;
    setResult(null);
    const fields = {
      triggerId: trigger.id,
      segmentStart: Number.isNaN(numbers.start) ? 0 : numbers.start,
      segmentDuration: numbers.duration,
      triggerPosition: numbers.position,
    };
    submit(tab === 'file' && file ? { file } : { mediaUrl }, fields);
  }

  return (
    <div className="grid min-w-0 content-start gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Media and segment</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="segment-form">
            <MediaSourceTabs
              value={tab}
              onChange={switchTab}
              labels={{ url: 'Media URL', file: 'Upload File' }}
              disabled={processing}
              url={
                <MediaUrlField
                  placeholder="https://example.com/video.mp4"
                  value={mediaUrl}
                  onChange={setMediaUrl}
                  action={
                    <Button
                      variant="outline"
                      disabled={mediaUrl.trim() === ''}
                      onClick={() => {
                        setLength(null);
                        setPreviewUrl(mediaUrl.trim());
                      }}
                    >
                      Load Preview
                    </Button>
                  }
                />
              }
              file={
                <MediaFileField
                  file={file}
                  audio={audio}
                  onChange={(next) => {
                    setLength(null);
                    setFile(next);
                  }}
                />
              }
            />

            {src ? (
              <SegmentPreview
                src={src}
                kind={kind}
                onLength={onLength}
                onSetStart={(s) => setStartText(String(s))}
              />
            ) : null}

            <TriggerSelect id={`${id}-trigger`} value={trigger?.id ?? null} onChange={setTrigger} />
            <div className="grid gap-4 sm:grid-cols-3">
              <SecondsField
                id={`${id}-start`}
                label="Segment start (s)"
                min={SEGMENT_START_MIN}
                value={startText}
                onChange={setStartText}
              />
              <SecondsField
                id={`${id}-duration`}
                label="Segment duration (s)"
                min={SEGMENT_DURATION_MIN}
                value={durationText}
                onChange={setDurationText}
              />
              <SecondsField
                id={`${id}-position`}
                label="Trigger position (s)"
                min={TRIGGER_POSITION_MIN}
                value={positionText}
                onChange={setPositionText}
              />
            </div>
            <SegmentVisualization
              lengthSec={length}
              segmentStart={Number.isNaN(numbers.start) ? 0 : numbers.start}
              segmentDuration={Number.isNaN(numbers.duration) ? 0 : numbers.duration}
              triggerPosition={Number.isNaN(numbers.position) ? 0 : numbers.position}
            />
            <FormWarning message={lossyWarning} />
            <FormError message={error} testId="segment-error" />
            <div className="flex justify-end">
              <Button type="submit" disabled={processing}>
                {processing ? 'Processing...' : 'Process Segment'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {result ? <SegmentResultCard result={result} /> : null}
    </div>
  );
}
