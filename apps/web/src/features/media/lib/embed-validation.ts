import { isYouTubeUrl, MEDIA_MESSAGES } from '@tonemark/shared';

export interface EmbedFormInput {
  tab: 'url' | 'file';
  mediaUrl: string;
  hasFile: boolean;
  /** False on Create Trigger step 2, where the trigger was just created. */
  needsTriggerChoice: boolean;
  hasTrigger: boolean;
  startTime: number;
}

export const START_TIME_MIN_MESSAGE = 'Number must be greater than or equal to 0';

/**
 * SPEC §5 embed rules. Create Trigger asks only for the media ('Please provide a media URL'); the
 * Embed in Media tool asks for media and trigger in one sentence. YouTube pages are refused here
 * too so people learn why before waiting on the server.
 */
export function validateEmbedForm(input: EmbedFormInput): string | null {
  const missingTrigger = input.needsTriggerChoice && !input.hasTrigger;
  if (input.tab === 'url') {
    const url = input.mediaUrl.trim();
    if (url === '' || missingTrigger) {
      return input.needsTriggerChoice
        ? MEDIA_MESSAGES.provideMediaUrlAndTrigger
        : MEDIA_MESSAGES.provideMediaUrl;
    }
    if (isYouTubeUrl(url)) return MEDIA_MESSAGES.youtubeUnsupported;
  } else if (!input.hasFile || missingTrigger) {
    return input.needsTriggerChoice
      ? MEDIA_MESSAGES.uploadMediaFileAndTrigger
      : MEDIA_MESSAGES.uploadMediaFile;
  }
  if (!(input.startTime >= 0)) return START_TIME_MIN_MESSAGE;
  return null;
}
