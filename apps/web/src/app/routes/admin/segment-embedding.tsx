import { PageHeader } from '@/components/page-header';
import { CdnInfoBox } from '@/features/media/components/cdn-info-box';
import { SegmentTool } from '@/features/media/components/segment-tool';

/** SPEC §2.14 Process Segment. */
export function SegmentEmbeddingRoute() {
  return (
    <div>
      <PageHeader
        title="Process Segment"
        description="Cut a short segment of your media and place a trigger inside it."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <SegmentTool />
        </div>
        <div className="grid content-start gap-4">
          <CdnInfoBox />
          <aside className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
            <p className="mb-1 font-semibold text-slate-900">Tips</p>
            <ul className="list-disc space-y-1 pl-4">
              <li>
                Play the preview and press “Set current position as segment start” at the moment you want.
              </li>
              <li>The trigger position counts from the start of the segment.</li>
              <li>Keep the whole trigger inside the segment so listeners hear all four tones.</li>
            </ul>
          </aside>
        </div>
      </div>
    </div>
  );
}
