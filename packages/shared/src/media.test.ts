import { describe, expect, it } from 'vitest';
import {
  embedRequestSchema,
  libraryEmbedRequestSchema,
  MEDIA_MESSAGES,
  processSegmentRequestSchema,
  uploadEmbedFieldsSchema,
} from './media.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : [...new Set(result.error?.issues.map((i) => i.message))];

// The parsed types (triggerId: number, media: { id } | { url }) are checked where they are used:
// the server's process-handlers.ts accepts only schemas whose output has them.
describe('media contracts: required fields are required', () => {
  it('parses the media an embed names into one reference, and a required trigger id', () => {
    expect(embedRequestSchema.parse({ mediaUrl: 'https://c.example/a.mp3', triggerId: '3' })).toEqual({
      triggerId: 3,
      startTime: 0,
      media: { url: 'https://c.example/a.mp3' },
    });
    // A library id wins over a URL, as the wizard sends both when it has both.
    expect(
      embedRequestSchema.parse({ mediaUrl: 'https://c.example/a.mp3', mediaId: 7, triggerId: 3 }).media,
    ).toEqual({
      id: 7,
    });
    expect(
      libraryEmbedRequestSchema.parse({ mediaPublicId: 'tm_med_x', triggerId: 2, triggerPublicId: 'p' })
        .media,
    ).toEqual({ publicId: 'tm_med_x' });
  });

  it('answers an absent field with the SPEC §5 sentence alone, two fields in one where SPEC says so', () => {
    expect(messages(embedRequestSchema.safeParse({}))).toEqual([MEDIA_MESSAGES.provideMediaUrlAndTrigger]);
    expect(messages(embedRequestSchema.safeParse({ mediaId: '', triggerId: 1 }))).toEqual([
      MEDIA_MESSAGES.provideMediaUrl,
    ]);
    expect(messages(processSegmentRequestSchema.safeParse({ segmentDuration: 0 }))).toEqual([
      MEDIA_MESSAGES.enterMediaUrl,
      MEDIA_MESSAGES.selectTrigger,
    ]);
    expect(messages(libraryEmbedRequestSchema.safeParse({ mediaId: 1 }))).toEqual([
      MEDIA_MESSAGES.selectMediaAndTrigger,
    ]);
    expect(messages(uploadEmbedFieldsSchema.safeParse({ startTime: '1' }))).toEqual([
      MEDIA_MESSAGES.selectTrigger,
    ]);
  });

  it('still checks the values of fields that are present', () => {
    expect(messages(uploadEmbedFieldsSchema.safeParse({ triggerId: 'abc' }))).toEqual([
      'Expected number, received string',
    ]);
    expect(
      messages(
        processSegmentRequestSchema.safeParse({
          mediaId: 1,
          triggerId: 1,
          segmentDuration: 3,
          triggerPosition: 4,
        }),
      ),
    ).toEqual([MEDIA_MESSAGES.triggerPositionInSegment]);
  });
});
