import type { SegmentResult } from '@tonemark/shared';
import { Headphones } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { formatSeconds } from '../lib/format-media';
import { ProcessedMediaCard } from './processed-media-card';

/** SPEC §2.14 result: player, download, copy-link and 'Test with Listener'. */
export function SegmentResultCard({ result }: { result: SegmentResult }) {
  return (
    <ProcessedMediaCard
      result={result}
      testId="segment-result"
      title="Segment ready"
      description={
        <>
          {formatSeconds(result.segmentStart)} – {formatSeconds(result.segmentStart + result.segmentDuration)}{' '}
          of the original, trigger at {formatSeconds(result.triggerPosition)} into the segment.
        </>
      }
      playerLabel="Processed segment"
      actions={
        <Link to="/listener" className={buttonVariants({ size: 'sm', variant: 'secondary' })}>
          <Headphones /> Test with Listener
        </Link>
      }
    />
  );
}
