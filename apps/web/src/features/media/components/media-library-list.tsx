import type { MediaFile } from '@tonemark/shared';
import { Film } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { OwnerBadge } from '@/features/teams';
import { cn } from '@/lib/cn';
import { formatBytes, formatSeconds } from '../lib/format-media';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';
import { MediaStatusBadge, MediaTypeIcon } from './media-type-icon';

/** SPEC §2.15: the library list, scrolling at 600 px height. */
export function MediaLibraryList({
  files,
  isPending,
  isError,
  selectedId,
  onSelect,
}: {
  files: MediaFile[];
  isPending: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (file: MediaFile) => void;
}) {
  if (isPending) {
    return (
      <div className="flex h-40 items-center justify-center">
        <Spinner label="Loading media" />
      </div>
    );
  }
  if (isError) {
    return <p className="p-4 text-sm text-red-600">{MEDIA_FAILURE_TEXTS.loadMediaFailed}</p>;
  }
  if (files.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center text-sm text-slate-500">
        <Film className="size-8 text-slate-300" />
        No media yet. Upload an audio or video file to start your library.
      </div>
    );
  }
  return (
    <ul
      className="max-h-[600px] overflow-y-auto p-2 lg:h-[600px]"
      aria-label="Media library"
      data-testid="media-library"
    >
      {files.map((file) => (
        <li key={file.id}>
          <button
            type="button"
            onClick={() => onSelect(file)}
            aria-current={file.id === selectedId ? 'true' : undefined}
            data-testid="media-item"
            className={cn(
              'flex w-full items-start gap-3 rounded-lg px-3 py-2.5 text-left transition hover:bg-slate-50',
              file.id === selectedId && 'bg-indigo-50 ring-1 ring-indigo-200 hover:bg-indigo-50',
            )}
          >
            <MediaTypeIcon fileType={file.fileType} />
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="flex min-w-0 items-center gap-1.5">
                <span className="truncate text-sm font-medium text-slate-900">{file.title}</span>
                <OwnerBadge teamId={file.teamId} />
              </span>
              <span className="text-xs text-slate-500">
                {formatSeconds(file.duration)} · {formatBytes(file.size)}
                {file.isSegment ? ' · segment' : ''}
              </span>
            </span>
            <MediaStatusBadge status={file.status} />
          </button>
        </li>
      ))}
    </ul>
  );
}
