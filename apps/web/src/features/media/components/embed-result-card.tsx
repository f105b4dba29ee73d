import type { EmbedResult } from '@tonemark/shared';
import type { ReactNode } from 'react';
import { absoluteUrl, formatSeconds } from '../lib/format-media';
import { ProcessedMediaCard } from './processed-media-card';

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
    <ProcessedMediaCard
      result={result}
      testId="embed-result"
      title="Trigger embedded"
      description={`Placed at ${formatSeconds(result.embedPosition)} in “${result.media.title}” · status ${result.status}`}
      playerLabel="Embedded media"
      details={
        <>
          <UrlRow label="Original media" url={result.originalMediaUrl} />
          <UrlRow label="Embedded media" url={result.embeddedMediaUrl} />
        </>
      }
      downloadTestId="embed-download"
      actions={footer}
    />
  );
}
