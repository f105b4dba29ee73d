import type { SegmentResult } from '@tonemark/shared';
import { CircleCheck, Download, Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatSeconds } from '../lib/format-media';
import { CopyLinkButton } from './copy-link-button';
import { FormWarning } from './form-error';
import { MediaPlayer } from './media-player';

/** SPEC §2.14 result: player, download, copy-link and 'Test with Listener'. */
export function SegmentResultCard({ result }: { result: SegmentResult }) {
  return (
    <Card className="border-emerald-200" data-testid="segment-result">
      <CardHeader>
        <div className="flex items-center gap-2 text-emerald-700">
          <CircleCheck className="size-5" />
          <CardTitle className="text-emerald-800">Segment ready</CardTitle>
        </div>
        <CardDescription>
          {formatSeconds(result.segmentStart)} – {formatSeconds(result.segmentStart + result.segmentDuration)}{' '}
          of the original, trigger at {formatSeconds(result.triggerPosition)} into the segment.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MediaPlayer
          src={result.embeddedMediaUrl}
          fileType={result.media.fileType}
          label="Processed segment"
        />
        {result.warnings.map((warning) => (
          <FormWarning key={warning} message={warning} />
        ))}
        <div className="flex flex-wrap gap-2">
          <a href={result.downloadUrl} download className={buttonVariants({ size: 'sm' })}>
            <Download /> Download
          </a>
          <CopyLinkButton path={result.embeddedMediaUrl} />
          <Link to="/listener" className={buttonVariants({ size: 'sm', variant: 'secondary' })}>
            <Headphones /> Test with Listener
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
