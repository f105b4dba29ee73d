/**
 * The shapes the engine speaks in. They are deliberately plain (numbers, typed arrays) so the
 * browser AudioWorklet, the server and the CLI can share them without any platform type.
 */

/**
 * How a trigger is played (SPEC §3.1 shape B `type`): the pattern itself, near-ultrasonic, or
 * both; `streaming` maps the pattern to 13-15.5 kHz, below the low-pass of stereo MP3, AAC and
 * Opus encoders at 128 kb/s (like LISNR's 14.55-15 kHz "compression" profile), for media that a
 * platform will re-encode (docs/decisions/audio-signals.md).
 */
export type Signal = 'audible' | 'ultrasonic' | 'combined' | 'streaming';

export interface TriggerSpec {
  id: string | number;
  /** Tone frequencies in Hz, one per time slot, played in this order. */
  frequencyPattern: number[];
  /** Whole pattern length; default 2000 ms, split equally among the tones. */
  durationMs?: number;
  signal?: Signal;
}

export interface Detection {
  triggerId: string | number;
  /** Stream time (seconds since the first sample pushed) at which the detection fired. */
  timeSec: number;
  /** Confidence in [0, 1]; each detector documents its own scale. */
  score: number;
  /**
   * Playback speed found (frequencies and times scaled together; 1 = as made, 1.02 = 2 % fast).
   * Optional until every detector reports it.
   */
  speed?: number;
  /** Tempo found (slot times scaled, pitch kept; 1.25 = a player's 1.25x). */
  tempo?: number;
  /** Signal-to-noise ratio of the trigger's tones against their neighbourhood, in dB. */
  snrDb?: number;
}

/** Decoded audio, planar: one Float32Array per channel, samples nominally in [-1, 1]. */
export interface AudioBuffer32 {
  sampleRate: number;
  channels: Float32Array[];
}
