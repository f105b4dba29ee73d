import { describe, expect, it } from 'vitest';
import { previewKind } from './preview-kind';

describe('previewKind', () => {
  it('uses the MIME type of a file', () => {
    expect(previewKind({ type: 'video/mp4', name: 'x.mp3' })).toBe('video');
    expect(previewKind({ type: 'audio/mpeg' })).toBe('audio');
  });
  it('uses the extension of a URL', () => {
    expect(previewKind({ name: 'https://cdn.test/clip.MP4?token=1' })).toBe('video');
    expect(previewKind({ name: 'https://cdn.test/song.mp3' })).toBe('audio');
  });
});
