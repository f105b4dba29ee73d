import { ApiError } from '@/lib/api-client';

/**
 * What a media screen shows for a failed call: the server's own text for a 4xx (the SPEC §5
 * sentences, the 413 size limit, the YouTube explanation), else the screen's SPEC §8 fallback,
 * because 5xx and network failures carry nothing a person can act on.
 */
export function mediaErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

/**
 * SPEC §8 segment tool: the server's error text, else 'Failed to process media segment' when the
 * server answered without a usable text, else 'An error occurred during processing' (no answer).
 */
export function segmentErrorText(error: unknown, texts: { failed: string; fallback: string }): string {
  if (error instanceof ApiError) {
    return error.status < 500 && error.serverMessage ? error.serverMessage : texts.failed;
  }
  return texts.fallback;
}
