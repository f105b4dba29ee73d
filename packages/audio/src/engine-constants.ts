/**
 * The audio constants of SPEC §9 that the engine needs. They are repeated here rather than imported
 * from @tonemark/shared because this package must stay dependency-free for the AudioWorklet bundle.
 */

export const DEFAULT_TRIGGER_DURATION_MS = 2000;
export const TRIGGER_AMPLITUDE = 0.15;
export const TONE_FADE_SAMPLES = 500;

export const EMBED_ORIGINAL_GAIN = 0.85;
export const EMBED_TRIGGER_GAIN = 0.15;

export const DEFAULT_COOLDOWN_MS = 2000;

/**
 * Samples per block the listeners (the web listener's AudioWorklet, the SDK's) hand the detector,
 * and the benchmark's default. A detection is returned by the push that completes it, so a block
 * adds on average half its length to the latency: 2048 samples (43 ms at 48 kHz) put the median
 * 23 ms later than 128 and the far room at 1,000 triggers over the 500 ms target (486 -> 511 ms);
 * 512 adds about 6 ms. CPU per second of audio is the same at 128, 512 and 2048 (the detector works
 * in hops, whatever the block), and 94 messages a second cost the page nothing
 * (docs/decisions/listener-audio-path.md).
 */
export const LISTENER_BLOCK_SIZE = 512;

/** The creation screens' frequency range (SPEC §9 slider: 500-2000 Hz, step 50). */
export const PATTERN_MIN_HZ = 500;
export const PATTERN_MAX_HZ = 2000;

/** DESIGN §4: ultrasonic and combined signals live in 17.5-20 kHz. */
export const ULTRASONIC_MIN_HZ = 17_500;
export const ULTRASONIC_MAX_HZ = 20_000;

/** The `streaming` signal's band: kept by stereo MP3/AAC/Opus at 128 kb/s (bench/codec-table.ts). */
export const STREAMING_MIN_HZ = 13_000;
export const STREAMING_MAX_HZ = 15_500;
