import type { AnalyticsPerformance } from '@tonemark/shared';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PerformanceTable } from './performance-table';

/** Activations, conversions and rate per segment; Segments and Analytics each say how they count. */
export function SegmentPerformanceCard({
  rows,
  description,
}: {
  rows: AnalyticsPerformance['segmentPerformance'];
  description: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Performance by segment</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <PerformanceTable
          testId="segment-performance"
          label="Segment"
          empty="No activation has matched a segment yet."
          rows={rows.map((r) => ({ ...r, key: r.segmentId }))}
        />
      </CardContent>
    </Card>
  );
}
