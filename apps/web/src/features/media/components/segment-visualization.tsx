import { formatSeconds } from '../lib/format-media';
import { segmentBar } from '../lib/segment-values';

/** SPEC §2.14: the whole media as a bar, the segment on it and where the trigger sits. */
export function SegmentVisualization({
  lengthSec,
  segmentStart,
  segmentDuration,
  triggerPosition,
}: {
  lengthSec: number | null;
  segmentStart: number;
  segmentDuration: number;
  triggerPosition: number;
}) {
  const bar =
    lengthSec === null ? null : segmentBar(lengthSec, segmentStart, segmentDuration, triggerPosition);
  return (
    <div className="grid gap-1.5" data-testid="segment-visualization">
      <div className="relative h-10 overflow-hidden rounded-lg bg-slate-100" aria-hidden>
        {bar ? (
          <>
            <div
              className="absolute inset-y-0 bg-indigo-200 ring-2 ring-indigo-500 ring-inset"
              style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
            />
            <div className="absolute inset-y-0 w-0.5 bg-rose-500" style={{ left: `${bar.marker}%` }} />
          </>
        ) : (
          <p className="flex h-full items-center justify-center text-xs text-slate-500">
            Load a preview to see the segment on the timeline.
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-between gap-x-4 text-xs text-slate-500">
        <span>
          <span className="mr-1 inline-block size-2 rounded-sm bg-indigo-400" />
          Segment {formatSeconds(segmentStart)} – {formatSeconds(segmentStart + segmentDuration)}
        </span>
        <span>
          <span className="mr-1 inline-block size-2 rounded-sm bg-rose-500" />
          Trigger at {formatSeconds(segmentStart + triggerPosition)}
        </span>
        <span>Length {formatSeconds(lengthSec)}</span>
      </div>
    </div>
  );
}
