import type { MediaFile } from '@tonemark/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { OwnerBadge, useTeamAccess } from '@/features/teams';
import { DeleteMediaDialog } from './delete-media-dialog';
import { ExtractSegmentTab } from './extract-segment-tab';
import { LibraryEmbedTab } from './library-embed-tab';
import { MediaOwnerForm } from './media-owner-form';
import { MediaPreviewTab } from './media-preview-tab';
import { MediaSegmentsList } from './media-segments-list';
import { MediaStatusBadge } from './media-type-icon';

const TABS = [
  ['preview', 'Preview'],
  ['extract', 'Extract Segment'],
  ['embed', 'Embed Trigger'],
] as const;

/** SPEC §2.15 detail panel: Preview, Extract Segment and Embed Trigger for the selected item. */

export function MediaDetailPanel({ file }: { file: MediaFile | null }) {
  const access = useTeamAccess();
  if (!file) {
    return (
      <Card>
        <CardContent className="flex h-60 items-center justify-center pt-5 text-center text-sm text-slate-500">
          Select a media file from the library to preview it, cut a segment or embed a trigger.
        </CardContent>
      </Card>
    );
  }
  return (
    <Card data-testid="media-detail">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="min-w-0 truncate">{file.title}</CardTitle>
          <div className="flex shrink-0 items-center gap-1">
            <OwnerBadge teamId={file.teamId} />
            <MediaStatusBadge status={file.status} />
            {access.canWrite(file) ? <DeleteMediaDialog file={file} /> : null}
          </div>
        </div>
        <CardDescription>
          Added {new Date(file.createdAt).toLocaleString()}
          {file.sourceUrl ? ` from ${file.sourceUrl}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {/* key: each item starts with fresh forms, so one file's inputs never apply to another. */}
        <MediaOwnerForm key={`owner-${file.id}-${file.teamId}`} file={file} />
        <Tabs defaultValue="preview" key={file.id} className="min-w-0">
          <TabsList className="w-full sm:w-auto">
            {TABS.map(([value, label]) => (
              <TabsTrigger
                key={value}
                value={value}
                className="flex-1 px-2 text-xs sm:flex-none sm:px-3 sm:text-sm"
              >
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="preview">
            <MediaPreviewTab file={file} />
          </TabsContent>
          <TabsContent value="extract">
            <ExtractSegmentTab file={file} />
          </TabsContent>
          <TabsContent value="embed">
            <LibraryEmbedTab file={file} />
          </TabsContent>
        </Tabs>
        <MediaSegmentsList mediaId={file.id} />
      </CardContent>
    </Card>
  );
}
