import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ListPage,
  type MediaFile,
  mediaFileSchema,
  mediaPageSchema,
  type OwnerFilter,
} from '@tonemark/shared';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { mediaKeys } from './query-keys';

const mediaListSchema = z.array(mediaFileSchema);

/** GET /api/media → the caller's library (SPEC §3.3 media files). */
export function getMediaFiles(): Promise<MediaFile[]> {
  return apiRequest('/api/media', mediaListSchema);
}

export const getMediaFilesQueryOptions = () =>
  queryOptions({ queryKey: mediaKeys.library, queryFn: getMediaFiles });

export function useMediaFiles() {
  return useQuery(getMediaFilesQueryOptions());
}

/** Library items per page on Media Management (the list scrolls within its 600 px). */
export const MEDIA_PAGE_SIZE = 20;

/** GET /api/media?page=…: one page of the library, searched on the server. */
export function getMediaPage(
  page: number,
  search: string,
  teamId?: OwnerFilter,
): Promise<ListPage<MediaFile>> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(MEDIA_PAGE_SIZE) });
  if (search) params.set('search', search);
  if (teamId !== undefined) params.set('teamId', String(teamId));
  return apiRequest(`/api/media?${params}`, mediaPageSchema);
}

export function useMediaPage(page: number, search: string, teamId?: OwnerFilter) {
  return useQuery({
    // Under the library key, so uploads, embeds and deletes refresh the page shown.
    queryKey: [...mediaKeys.library, 'page', page, search, teamId ?? 'all'] as const,
    queryFn: () => getMediaPage(page, search, teamId),
    placeholderData: keepPreviousData,
  });
}
