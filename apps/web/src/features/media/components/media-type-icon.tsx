import type { MediaFile } from '@tonemark/shared';
import { FileAudio, FileVideo } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export function MediaTypeIcon({ fileType }: { fileType: MediaFile['fileType'] }) {
  return fileType === 'video' ? (
    <FileVideo className="size-5 text-violet-500" aria-label="Video" />
  ) : (
    <FileAudio className="size-5 text-indigo-500" aria-label="Audio" />
  );
}

const STATUS_TONES: Record<MediaFile['status'], BadgeTone> = {
  ready: 'emerald',
  processing: 'amber',
  error: 'rose',
};

export function MediaStatusBadge({ status }: { status: MediaFile['status'] }) {
  return <Badge tone={STATUS_TONES[status]}>{status}</Badge>;
}
