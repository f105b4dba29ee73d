import { type MediaFile, mediaFileSchema } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { libraryChangeKeys } from './query-keys';

/** PATCH /api/media/:id {teamId}: moves the file to a team, or back to its uploader's own (issue 13). */
export function moveMedia({ id, teamId }: { id: number; teamId: number | null }): Promise<MediaFile> {
  return apiRequest(`/api/media/${id}`, mediaFileSchema, {
    method: 'PATCH',
    body: { teamId },
    errorStyle: 'save',
  });
}

export function useMoveMedia() {
  return useInvalidatingMutation(moveMedia, libraryChangeKeys);
}
