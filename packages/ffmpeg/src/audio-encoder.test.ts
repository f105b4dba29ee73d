import { describe, expect, it } from 'vitest';
import { audioEncoderForPath, chooseBitRate, ultrasonicBandArgs } from './audio-encoder.ts';
import { MediaError } from './media-error.ts';

describe('audioEncoderForPath', () => {
  it.each([
    ['song.mp3', 'libmp3lame'],
    ['clip.M4A', 'aac'],
    ['clip.aac', 'aac'],
    ['movie.mp4', 'aac'],
    ['movie.webm', 'libopus'],
    ['take.wav', 'pcm_s16le'],
  ])('%s -> %s', (path, codec) => {
    expect(audioEncoderForPath(path).codec).toBe(codec);
  });

  it('rejects containers it cannot write', () => {
    expect(() => audioEncoderForPath('notes.txt')).toThrow(MediaError);
    expect(() => audioEncoderForPath('noext')).toThrow(/without an extension/);
  });
});

describe('chooseBitRate', () => {
  it('keeps the source bitrate when the encoder accepts it', () => {
    expect(chooseBitRate(audioEncoderForPath('a.mp3'), 128_000)).toBe(128_000);
  });
  it('clamps a lossless source bitrate to the encoder maximum', () => {
    expect(chooseBitRate(audioEncoderForPath('a.mp3'), 1_411_200)).toBe(320_000);
  });
  it('falls back to the codec default when unknown', () => {
    expect(chooseBitRate(audioEncoderForPath('a.webm'), undefined)).toBe(128_000);
  });
  it('has no bitrate for lossless output', () => {
    expect(chooseBitRate(audioEncoderForPath('a.wav'), 128_000)).toBeUndefined();
  });
});

describe('ultrasonicBandArgs', () => {
  it('raises the cutoff of the encoders that low-pass below the ultrasonic band', () => {
    expect(ultrasonicBandArgs('libmp3lame')).toEqual(['-cutoff', '20500']);
    expect(ultrasonicBandArgs('aac')).toEqual(['-cutoff', '20500']);
  });
  it('leaves full-band and lossless encoders alone', () => {
    for (const codec of ['libopus', 'libvorbis', 'pcm_s16le', 'flac']) {
      expect(ultrasonicBandArgs(codec)).toEqual([]);
    }
  });
});
