import type { MediaFile } from '@tonemark/shared';
import { Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { formatBytes, formatSeconds } from '../lib/format-media';
import { CopyLinkButton } from './copy-link-button';
import { MediaPlayer } from './media-player';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="truncate text-sm font-medium text-slate-900" title={value}>
        {value}
      </dd>
    </div>
  );
}

export function MediaPreviewTab({ file }: { file: MediaFile }) {
  return (
    <div className="grid gap-4">
      {file.status === 'ready' ? (
        <MediaPlayer src={file.url} fileType={file.fileType} label={file.title} />
      ) : (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          {file.status === 'error' ? (file.errorMessage ?? 'Processing failed.') : 'Still processing…'}
        </p>
      )}
      {file.description ? <p className="text-sm text-slate-600">{file.description}</p> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Type" value={file.fileType} />
        <Fact label="Length" value={formatSeconds(file.duration)} />
        <Fact label="Size" value={formatBytes(file.size)} />
        <Fact label="Public ID" value={file.publicId} />
      </dl>
      <div className="flex flex-wrap gap-2">
        <a href={file.downloadUrl} download className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          <Download /> Download
        </a>
        <CopyLinkButton path={file.url} />
      </div>
    </div>
  );
}
