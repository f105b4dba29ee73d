import { describe, expect, it } from 'vitest';
import { codecSurvivalWarning, lossyCodecOf, survivesCodec } from './codec-survival.ts';

describe('codec survival (the measured table)', () => {
  it('warns for ultrasonic in stereo MP3 at any bitrate measured and in AAC below 256 kb/s', () => {
    expect(codecSurvivalWarning('ultrasonic', 'libmp3lame', 192_000)).toMatch(
      /^warning: ultrasonic trigger encoded as MP3 at 192 kb\/s; .*use 'combined' or 'audible'/,
    );
    expect(codecSurvivalWarning('ultrasonic', 'aac', 128_000)).toMatch(/use 256 kb\/s or more/);
    expect(codecSurvivalWarning('ultrasonic', 'aac', 256_000)).toBeUndefined();
    expect(codecSurvivalWarning('ultrasonic', 'mp3', undefined)).toMatch(/an unknown bitrate/);
  });

  it('lets audible and combined triggers through every measured codec and bitrate', () => {
    for (const signal of ['audible', 'combined'] as const) {
      for (const codec of ['libmp3lame', 'aac', 'libopus']) {
        expect(codecSurvivalWarning(signal, codec, 96_000)).toBeUndefined();
      }
    }
  });

  it('warns for streaming in MP3 below 128 kb/s only, and lets ultrasonic through Opus', () => {
    expect(codecSurvivalWarning('streaming', 'libmp3lame', 96_000)).toMatch(/use 128 kb\/s or more/);
    expect(codecSurvivalWarning('streaming', 'libmp3lame', 128_000)).toBeUndefined();
    expect(codecSurvivalWarning('streaming', 'aac', 96_000)).toBeUndefined();
    expect(codecSurvivalWarning('ultrasonic', 'libopus', 96_000)).toBeUndefined();
  });

  it('says nothing about lossless or unknown codecs', () => {
    expect(lossyCodecOf('pcm_s16le')).toBeUndefined();
    expect(lossyCodecOf('flac')).toBeUndefined();
    expect(codecSurvivalWarning('ultrasonic', 'flac', 900_000)).toBeUndefined();
    expect(survivesCodec('ultrasonic', 'mp3', 256)).toBe(false);
  });
});
