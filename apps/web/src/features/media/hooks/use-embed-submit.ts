import type { EmbedResult } from '@tonemark/shared';
import { useEmbedMedia } from '../api/embed-media';
import { useUploadEmbed } from '../api/upload-embed';
import { mediaErrorText } from '../lib/media-errors';
import { MEDIA_FAILURE_TEXTS } from '../lib/media-failure-texts';

export type EmbedSource = { kind: 'url'; mediaUrl: string } | { kind: 'file'; file: File };

/**
 * One submit for both embed tabs (URL → /api/media/embed, file → /api/media/upload-embed), with
 * the SPEC §8 failure text of the tab that was used. `processing` is the SPEC §4 flag.
 */
export function useEmbedSubmit(
  onEmbedded: (result: EmbedResult) => void,
  onFailed: (message: string) => void,
) {
  const embed = useEmbedMedia();
  const uploadEmbed = useUploadEmbed();

  function submit(source: EmbedSource, triggerId: number, startTime: number) {
    if (source.kind === 'url') {
      embed.mutate(
        { mediaUrl: source.mediaUrl.trim(), triggerId, startTime },
        {
          onSuccess: onEmbedded,
          onError: (error) => onFailed(mediaErrorText(error, MEDIA_FAILURE_TEXTS.embedFailed)),
        },
      );
    } else {
      uploadEmbed.mutate(
        { file: source.file, triggerId, startTime },
        {
          onSuccess: onEmbedded,
          onError: (error) => onFailed(mediaErrorText(error, MEDIA_FAILURE_TEXTS.uploadEmbedFailed)),
        },
      );
    }
  }

  return { submit, processing: embed.isPending || uploadEmbed.isPending };
}
