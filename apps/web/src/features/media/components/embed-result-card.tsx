import type { EmbedResult } from '@tonemark/shared';
import { CircleCheck, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { absoluteUrl, formatSeconds } from '../lib/format-media';
import { CopyLinkButton } from './copy-link-button';
import { FormWarning } from './form-error';
import { MediaPlayer } from './media-player';

function UrlRow({ label, url }: { label: string; url: string }) {
  return (
    <div className="grid min-w-0 gap-0.5 text-sm">
      <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</span>
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="truncate font-mono text-xs text-indigo-700 hover:underline"
        title={absoluteUrl(url)}
      >
        {absoluteUrl(url)}
      </a>
    </div>
  );
}

/** SPEC §3.3 embed result: both addresses, a player, download and copy-link. */
export function EmbedResultCard({ result, footer }: { result: EmbedResult; footer?: ReactNode }) {
  return (
    <Card className="border-emerald-200" data-testid="embed-result">
      <CardHeader>
        <div className="flex items-center gap-2 text-emerald-700">
          <CircleCheck className="size-5" />
          <CardTitle className="text-emerald-800">Trigger embedded</CardTitle>
        </div>
        <CardDescription>
          Placed at {formatSeconds(result.embedPosition)} in “{result.media.title}” · status {result.status}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MediaPlayer src={result.embeddedMediaUrl} fileType={result.media.fileType} label="Embedded media" />
        <UrlRow label="Original media" url={result.originalMediaUrl} />
        <UrlRow label="Embedded media" url={result.embeddedMediaUrl} />
        {result.warnings.map((warning) => (
          <FormWarning key={warning} message={warning} />
        ))}
        <div className="flex flex-wrap gap-2">
          <a
            href={result.downloadUrl}
            download
            className={buttonVariants({ size: 'sm' })}
            data-testid="embed-download"
          >
            <Download /> Download
          </a>
          <CopyLinkButton path={result.embeddedMediaUrl} />
          {footer}
        </div>
      </CardContent>
    </Card>
  );
}
