import type { MediaFile } from '@tonemark/shared';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { PagedListFooter } from '@/components/pager';
import { SearchInput } from '@/components/search-input';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccountPlan } from '@/features/account/api/get-account-plan';
import { StorageMeter } from '@/features/account/components/storage-meter';
import { useMediaPage } from '@/features/media/api/get-media-files';
import { MediaDetailPanel } from '@/features/media/components/media-detail-panel';
import { MediaLibraryList } from '@/features/media/components/media-library-list';
import { UploadMediaDialog } from '@/features/media/components/upload-media-dialog';
import { useErrorNotice } from '@/features/media/hooks/use-error-notice';
import { MEDIA_FAILURE_TEXTS } from '@/features/media/lib/media-failure-texts';
import { OwnerFilterSelect } from '@/features/teams/components/owner-fields';
import { useTriggers } from '@/features/triggers/api/get-triggers';
import { useListFilters } from '@/hooks/use-list-filters';

/** The library and the panel stack in one column below Tailwind's lg breakpoint. */
const STACKED_LAYOUT = '(max-width: 1023.98px)';

/** SPEC §2.15 Media Management: library on the left, the selected item on the right. */
export function MediaManagementRoute() {
  const { page, setPage, search, setSearch, settledSearch, owner, setOwner } = useListFilters();
  const media = useMediaPage(page, settledSearch, owner);
  // The plan's storage quota (used / total); the media routes refuse uploads beyond it.
  const plan = useAccountPlan();
  const triggers = useTriggers();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  useErrorNotice(media.isError, MEDIA_FAILURE_TEXTS.loadMediaFailed);
  useErrorNotice(triggers.isError, MEDIA_FAILURE_TEXTS.loadTriggersFailed);

  const files = media.data?.items ?? [];
  // The selection follows the page shown, so an item deleted or replaced elsewhere (or paged
  // away from) falls back cleanly.
  const selected = files.find((file) => file.id === selectedId) ?? null;

  function select(file: MediaFile) {
    setSelectedId(file.id);
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
              setSearch('');
              select(file);
            }}
          />
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="min-w-0 self-start">
          <CardHeader className="gap-3 border-b border-slate-100 pb-3">
            <CardTitle>Library</CardTitle>
            {plan.data ? <StorageMeter storage={plan.data.storage} /> : null}
            <SearchInput label="Search media" value={search} onChange={setSearch} testId="media-search" />
            <OwnerFilterSelect value={owner} onChange={setOwner} />
          </CardHeader>
          <MediaLibraryList
            files={files}
            isPending={media.isPending}
            isError={media.isError}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
          {media.data && media.data.total > 0 ? (
            <PagedListFooter
              list={media.data}
              noun="items"
              onPageChange={setPage}
              countTestId="media-count"
              className="gap-2 border-t border-slate-100 px-4 py-3"
              countClassName="text-xs"
            />
          ) : null}
        </Card>
        <div className="min-w-0 scroll-mt-20" ref={detailRef}>
          <MediaDetailPanel file={selected} />
        </div>
      </div>
    </div>
  );
}
