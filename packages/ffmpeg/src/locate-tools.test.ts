import { describe, expect, it } from 'vitest';
import { locateTool } from './locate-tools.ts';
import { MediaError } from './media-error.ts';

describe('locateTool', () => {
  it('honours FFMPEG_PATH', () => {
    const real = locateTool('ffmpeg').path;
    expect(locateTool('ffmpeg', { FFMPEG_PATH: real })).toEqual({ path: real, source: 'env' });
  });

  it('refuses an override that is not an executable', () => {
    expect(() => locateTool('ffprobe', { FFPROBE_PATH: '/nonexistent/ffprobe' })).toThrow(MediaError);
  });

  it('falls back to the npm-shipped binary when nothing is on PATH', () => {
    const found = locateTool('ffmpeg', { PATH: '' });
    expect(found.source).toBe('npm');
    expect(found.path).toContain('@ffmpeg-installer');
  });
});
