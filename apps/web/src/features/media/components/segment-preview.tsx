import type { MediaFileType } from '@tonemark/shared';
import { Crosshair } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toStep } from '../lib/segment-values';

/**
 * SPEC §2.14 local preview: plays the URL or the chosen file in the browser (nothing is sent)
 * and turns the current playback position into the segment start.
 */
export function SegmentPreview({
  src,
  kind,
  onLength,
  onSetStart,
}: {
  src: string;
  kind: MediaFileType;
  onLength: (seconds: number) => void;
  onSetStart: (seconds: number) => void;
}) {
  const ref = useRef<HTMLMediaElement | null>(null);
  const common = {
    src,
    controls: true,
    preload: 'metadata' as const,
    onLoadedMetadata: () => {
      if (ref.current) onLength(ref.current.duration);
    },
  };
  return (
    <div className="grid gap-3" data-testid="segment-preview">
      {kind === 'video' ? (
        <video
          {...common}
          ref={(element) => {
            ref.current = element;
          }}
          aria-label="Media preview"
          className="aspect-video w-full rounded-lg bg-slate-900"
        />
      ) : (
        <audio
          {...common}
          ref={(element) => {
            ref.current = element;
          }}
          aria-label="Media preview"
          className="w-full"
        />
      )}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onSetStart(toStep(ref.current?.currentTime ?? 0))}
      >
        <Crosshair /> Set current position as segment start
      </Button>
    </div>
  );
}
