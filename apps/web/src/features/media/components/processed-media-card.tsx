import type { MediaFileType } from '@tonemark/shared';
import { CircleCheck, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyLinkButton } from './copy-link-button';
import { FormWarning } from './form-error';
import { MediaPlayer } from './media-player';

/** What an embed or a segment answers with that this card shows. */
interface ProcessedMedia {
  embeddedMediaUrl: string;
  downloadUrl: string;
  warnings: string[];
  media: { fileType: MediaFileType };
}

/**
 * The result of an embed or a segment: a green header, a player of the new file, its warnings,
 * Download and copy-link (and whatever `actions` adds).
 */
export function ProcessedMediaCard({
  result,
  testId,
  title,
  description,
  playerLabel,
  details,
  downloadTestId,
  actions,
}: {
  result: ProcessedMedia;
  testId: string;
  title: string;
  description: ReactNode;
  playerLabel: string;
  details?: ReactNode;
  downloadTestId?: string;
  actions?: ReactNode;
}) {
  return (
    <Card className="border-emerald-200" data-testid={testId}>
      <CardHeader>
        <div className="flex items-center gap-2 text-emerald-700">
          <CircleCheck className="size-5" />
          <CardTitle className="text-emerald-800">{title}</CardTitle>
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MediaPlayer src={result.embeddedMediaUrl} fileType={result.media.fileType} label={playerLabel} />
        {details}
        {result.warnings.map((warning) => (
          <FormWarning key={warning} message={warning} />
        ))}
        <div className="flex flex-wrap gap-2">
          <a
            href={result.downloadUrl}
            download
            className={buttonVariants({ size: 'sm' })}
            data-testid={downloadTestId}
          >
            <Download /> Download
          </a>
          <CopyLinkButton path={result.embeddedMediaUrl} />
          {actions}
        </div>
      </CardContent>
    </Card>
  );
}
