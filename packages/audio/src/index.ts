/**
 * @tonemark/audio: synthesis, WAV codec, resampling, embedding and detection of Tonemark
 * triggers. Web-standard TypeScript only (typed arrays, Math), so the browser AudioWorklet, the
 * server and the CLI all run this same code.
 */

export {
  codecSurvivalWarning,
  type LossyCodec,
  lossyCodecOf,
  MIN_SURVIVING_KBPS,
  survivesCodec,
} from './codec-survival.ts';
export { type ConfusablePattern, type ConfusionKind, findConfusablePatterns } from './confusable-patterns.ts';
export { createDetector } from './create-detector.ts';
export type { Detector, DetectorKind, DetectorOptions } from './detector.ts';
export { embedTrigger, offsetToSamples } from './embed-trigger.ts';
export * from './engine-constants.ts';
export { Fft } from './fft.ts';
export { DEFAULT_FIELD_TUNING, FieldDetector, type FieldTuning } from './field-detector.ts';
export { fixedBlocks } from './fixed-blocks.ts';
export { mixToMono } from './mix-to-mono.ts';
export { repeatedToneAdvice, repeatedTones } from './repeated-tone.ts';
export { resample } from './resample.ts';
export {
  DEFAULT_ROBUST_TUNING,
  RobustDetector as RobustDetectorV1,
  type RobustTuning,
} from './robust-detector.ts';
export { ROOM_CARRY_MIN_HZ, roomCarryAdvice, tonesUnderRoomCarry } from './room-carry.ts';
export { seededRandom } from './seeded-random.ts';
export { signalFrequencies, streamingFrequency, ultrasonicFrequency } from './signal-frequencies.ts';
export { SpecDetector } from './spec-detector.ts';
export { type SynthesizeOptions, synthesizeTrigger } from './synthesize-trigger.ts';
export { keepsToneGap, MIN_TONE_GAP_SEMITONES, semitonesApart } from './tone-gap.ts';
export type { AudioBuffer32, Detection, Signal, TriggerSpec } from './types.ts';
export { type WavEncoding, WavFormatError } from './wav-format.ts';
export { readWav } from './wav-read.ts';
export { type WriteWavOptions, writeWav, writeWav16 } from './wav-write.ts';
