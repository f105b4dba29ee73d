import { describe, expect, it } from 'vitest';
import { ULTRASONIC_LOSSY_WARNING, ultrasonicLossyWarning } from './lossy-warning';

describe('ultrasonicLossyWarning', () => {
  it('warns for ultrasonic and combined triggers going into MP3/AAC', () => {
    expect(ultrasonicLossyWarning('ultrasonic', { name: 'song.mp3' })).toBe(ULTRASONIC_LOSSY_WARNING);
    expect(ultrasonicLossyWarning('combined', { type: 'audio/aac' })).toBe(ULTRASONIC_LOSSY_WARNING);
    expect(ultrasonicLossyWarning('ultrasonic', { name: 'https://x.test/v.MP4?x=1' })).toBe(
      ULTRASONIC_LOSSY_WARNING,
    );
  });
  it('stays quiet for audible triggers and lossless files', () => {
    expect(ultrasonicLossyWarning('audible', { name: 'song.mp3' })).toBeNull();
    expect(ultrasonicLossyWarning('ultrasonic', { name: 'song.wav', type: 'audio/wav' })).toBeNull();
    expect(ultrasonicLossyWarning(undefined, { name: 'song.mp3' })).toBeNull();
  });
});
