import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mediaErrorText, segmentErrorText } from './media-errors';

const apiError = (status: number, serverMessage: string) =>
  new ApiError(`Server responded with ${status}`, { status, statusText: '', serverMessage });
const texts = { failed: 'Failed to process media segment', fallback: 'An error occurred during processing' };

describe('media error texts', () => {
  it("shows the server's 4xx text and hides 5xx details", () => {
    expect(mediaErrorText(apiError(400, 'Please provide a media URL'), 'fallback')).toBe(
      'Please provide a media URL',
    );
    expect(mediaErrorText(apiError(500, 'Internal Server Error'), 'fallback')).toBe('fallback');
    expect(mediaErrorText(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
  it('follows the segment tool order: server text, failed, then fallback', () => {
    expect(segmentErrorText(apiError(413, 'The file is too large'), texts)).toBe('The file is too large');
    expect(segmentErrorText(apiError(502, 'Bad Gateway'), texts)).toBe(texts.failed);
    expect(segmentErrorText(new TypeError('Failed to fetch'), texts)).toBe(texts.fallback);
  });
});
