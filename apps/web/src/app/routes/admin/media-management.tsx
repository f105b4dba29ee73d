import { useQueryClient } from '@tanstack/react-query';
import { MEDIA_FAILURE_TEXTS } from '@tonemark/shared';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { accountPlanQueryKey, useAccountPlan } from '@/features/account/api/get-account-plan';
import { StorageMeter } from '@/features/account/components/storage-meter';
import { useMediaFiles } from '@/features/media/api/get-media-files';
import { MediaDetailPanel } from '@/features/media/components/media-detail-panel';
import { MediaLibraryList } from '@/features/media/components/media-library-list';
import { UploadMediaDialog } from '@/features/media/components/upload-media-dialog';
import { useErrorNotice } from '@/features/media/hooks/use-error-notice';
import { useTriggers } from '@/features/triggers/api/get-triggers';

/** The library and the panel stack in one column below Tailwind's lg breakpoint. */
const STACKED_LAYOUT = '(max-width: 1023.98px)';

/** SPEC §2.15 Media Management: library on the left, the selected item on the right. */
export function MediaManagementRoute() {
  const media = useMediaFiles();
  // The plan's storage quota (used / total); the media routes refuse uploads beyond it.
  const plan = useAccountPlan();
  const queryClient = useQueryClient();
  const triggers = useTriggers();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  useErrorNotice(media.isError, MEDIA_FAILURE_TEXTS.loadMediaFailed);
  useErrorNotice(triggers.isError, MEDIA_FAILURE_TEXTS.loadTriggersFailed);

  const files = media.data ?? [];
  // The selection follows the list, so an item deleted or replaced elsewhere falls back cleanly.
  const selected = files.find((file) => file.id === selectedId) ?? null;

  function select(id: number) {
    setSelectedId(id);
    // Below lg the panel sits under the 600 px list: bring it into view, or the tap seems to do nothing.
    if (window.matchMedia(STACKED_LAYOUT).matches) {
      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  return (
    <div>
      <PageHeader
        title="Media Management"
        description="Your uploaded and processed media: preview it, cut segments and embed triggers."
        actions={
          <UploadMediaDialog
            onUploaded={(file) => {
              select(file.id);
              void queryClient.invalidateQueries({ queryKey: accountPlanQueryKey });
            }}
          />
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="min-w-0 self-start">
          <CardHeader className="border-b border-slate-100 pb-3">
            <CardTitle>Library</CardTitle>
            {plan.data ? <StorageMeter storage={plan.data.storage} className="mt-2" /> : null}
          </CardHeader>
          <MediaLibraryList
            files={files}
            isPending={media.isPending}
            isError={media.isError}
            selectedId={selected?.id ?? null}
            onSelect={(file) => select(file.id)}
          />
        </Card>
        <div className="min-w-0 scroll-mt-20" ref={detailRef}>
          <MediaDetailPanel file={selected} />
        </div>
      </div>
    </div>
  );
}
