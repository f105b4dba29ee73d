import { describe, expect, it } from 'vitest';
import { audioBitrateText, kbpsOf, lossyCodecOfMedia, lossyCodecWarning } from './lossy-warning';

describe('lossyCodecWarning', () => {
  it('warns where the measured codec table says ultrasonic tones are lost', () => {
    expect(lossyCodecWarning('ultrasonic', { name: 'song.mp3' })).toMatch(
      /MP3 encodes do not keep them reliably at any bitrate/,
    );
    expect(lossyCodecWarning('ultrasonic', { type: 'audio/aac' })).toMatch(
      /AAC keeps them only at 256 kb\/s/,
    );
    expect(lossyCodecWarning('ultrasonic', { name: 'song.mp3' })).toMatch(/a Streaming trigger/);
    // A streaming trigger lost 1 of 24 in MP3 at 96 kb/s: a file whose bitrate is unknown is warned about.
    expect(lossyCodecWarning('streaming', { name: 'episode.mp3' })).toMatch(
      /MP3 keeps them only at 128 kb\/s or more.*encode at 128 kb\/s or more\.$/,
    );
  });

  it('stays quiet for signals that survive every measured bitrate, and for lossless files', () => {
    for (const signal of ['audible', 'combined'] as const) {
      expect(lossyCodecWarning(signal, { name: 'song.mp3' })).toBeNull();
      expect(lossyCodecWarning(signal, { name: 'clip.mp4', type: 'video/mp4' })).toBeNull();
    }
    expect(lossyCodecWarning('streaming', { name: 'clip.mp4', type: 'video/mp4' })).toBeNull();
    expect(lossyCodecWarning('ultrasonic', { name: 'https://x.test/v.webm?x=1' })).toBeNull();
    expect(lossyCodecWarning('ultrasonic', { name: 'song.wav', type: 'audio/wav' })).toBeNull();
    expect(lossyCodecWarning(undefined, { name: 'song.mp3' })).toBeNull();
  });

  it('judges a file whose bitrate the browser read as the server does, and names that bitrate', () => {
    const mp3 = { name: 'episode.mp3', type: 'audio/mpeg' };
    expect(lossyCodecWarning('streaming', mp3, 128)).toBeNull();
    expect(lossyCodecWarning('streaming', mp3, 320)).toBeNull();
    expect(lossyCodecWarning('streaming', mp3, 96)).toMatch(
      /MP3 keeps them only at 128 kb\/s or more, and this file's audio is MP3 at 96 kb\/s, so .*encode at 128 kb\/s or more\.$/,
    );
    // Ultrasonic in AAC survives from 256 kb/s; in MP3 at no bitrate measured, whatever the file's.
    expect(lossyCodecWarning('ultrasonic', { name: 'clip.m4a' }, 256)).toBeNull();
    expect(lossyCodecWarning('ultrasonic', { name: 'clip.m4a' }, 192)).toMatch(/AAC at 192 kb\/s/);
    expect(lossyCodecWarning('ultrasonic', mp3, 320)).toMatch(/any bitrate we measured.*MP3 at 320 kb\/s/);
    expect(lossyCodecWarning('audible', mp3, 64)).toMatch(
      /96 kb\/s or more, and this file's audio is MP3 at 64 kb\/s/,
    );
  });

  it('judges library media by the bitrate the server probed when it stored the file', () => {
    expect(kbpsOf(127_600)).toBe(128);
    expect(kbpsOf(null)).toBeUndefined();
    expect(lossyCodecWarning('streaming', { type: 'audio/mpeg' }, kbpsOf(128_000))).toBeNull();
    expect(lossyCodecWarning('streaming', { type: 'audio/mpeg' }, kbpsOf(null))).toMatch(/128 kb\/s or more/);
  });

  it('describes a read bitrate for the file picker', () => {
    expect(audioBitrateText({ name: 'episode.mp3' }, 128)).toBe('MP3 128 kb/s');
    expect(audioBitrateText({ type: 'video/mp4' }, 96)).toBe('AAC 96 kb/s');
    expect(audioBitrateText({ name: 'episode.mp3' }, undefined)).toBeUndefined();
    expect(audioBitrateText({ name: 'song.wav' }, 1411)).toBeUndefined();
  });

  it('reads the codec from the MIME type first, then the name', () => {
    expect(lossyCodecOfMedia({ name: 'x.wav', type: 'audio/mpeg' })).toBe('mp3');
    expect(lossyCodecOfMedia({ name: 'X.M4A' })).toBe('aac');
    expect(lossyCodecOfMedia({ name: 'x.flac' })).toBeUndefined();
  });
});
