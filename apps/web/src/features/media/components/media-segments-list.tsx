import { Download, Play } from 'lucide-react';
import { QueryStates } from '@/components/query-states';
import { useMediaSegments } from '../api/get-media-segments';
import { useErrorNotice } from '../hooks/use-error-notice';
import { formatSeconds } from '../lib/format-media';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';

/** GET /api/media/:id/segments: the cuts made from the selected item. */
export function MediaSegmentsList({ mediaId }: { mediaId: number }) {
  const segments = useMediaSegments(mediaId);
  useErrorNotice(segments.isError, MEDIA_FAILURE_TEXTS.loadSegmentsFailed);
  return (
    <section className="grid gap-2" aria-label="Segments">
      <h4 className="text-sm font-semibold text-slate-900">Segments</h4>
      <QueryStates
        query={segments}
        texts={{ loading: 'Loading segments', failed: MEDIA_FAILURE_TEXTS.loadSegmentsFailed }}
        isEmpty={(list) => list.length === 0}
        empty="No segments yet. Extract one above."
      >
        {(list) => (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {list.map((segment) => (
              <li key={segment.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-700">
                  {formatSeconds(segment.segmentStart)} –{' '}
                  {formatSeconds((segment.segmentStart ?? 0) + (segment.segmentDuration ?? 0))}
                  {segment.triggerId !== null ? ' · with trigger' : ''}
                </span>
                <a
                  href={segment.url}
                  target="_blank"
                  rel="noreferrer"
                  className="text-indigo-600"
                  aria-label="Play segment"
                >
                  <Play className="size-4" />
                </a>
                <a
                  href={segment.downloadUrl}
                  download
                  className="text-indigo-600"
                  aria-label="Download segment"
                >
                  <Download className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
