import { MEDIA_FILE_FIELD, type MediaFile, mediaFileSchema } from '@tonemark/shared';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { mediaForm, postFormWithProgress } from './post-form';
import { libraryChangeKeys } from './query-keys';

export interface UploadMediaInput {
  file: File;
  title?: string;
  description?: string;
  /** Issue 13: a team's file; absent or null, the uploader's own. */
  teamId?: number | null;
  onProgress?: (percent: number) => void;
}

/** POST /api/media/upload, multipart {mediaFile, title, description} → the library item. */
export function uploadMedia({
  file,
  title,
  description,
  teamId,
  onProgress,
}: UploadMediaInput): Promise<MediaFile> {
  const form = mediaForm(
    { title, description, teamId: teamId ?? undefined },
    { name: MEDIA_FILE_FIELD, file },
  );
  return postFormWithProgress('/api/media/upload', form, mediaFileSchema, onProgress ?? (() => {}));
}

export function useUploadMedia() {
  return useInvalidatingMutation(uploadMedia, libraryChangeKeys);
}
