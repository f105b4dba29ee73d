export {
  type AudioEncoderChoice,
  audioEncoderForPath,
  chooseBitRate,
  ULTRASONIC_CUTOFF_HZ,
  ultrasonicBandArgs,
  WRITABLE_EXTENSIONS,
} from './audio-encoder.ts';
export { type DecodedAudio, type DecodeOptions, decodeAudio, decodeAudioChunks } from './decode-audio.ts';
export { type FfTool, locateTool, type ToolLocation } from './locate-tools.ts';
export { isInputMediaError, MediaError, type MediaErrorCode } from './media-error.ts';
export { deinterleave, InterleavedF32Reader, interleave, joinChunks } from './pcm-chunks.ts';
export {
  assertFileExists,
  firstAudioStream,
  type MediaInfo,
  type MediaStreamInfo,
  parseProbeJson,
  probeMedia,
  type StreamKind,
} from './probe-media.ts';
export {
  type AudioPlan,
  planReplacementAudio,
  type ReplaceAudioOptions,
  replaceAudio,
  sourceAudioBitRate,
} from './replace-audio.ts';
export { lastErrorLine, runToolForText, startTool } from './run-tool.ts';
export { makeTestMedia, type TestMediaOptions, videoPacketsMd5 } from './test-media.ts';
export { type PcmSource, type WriteAudioOptions, type WrittenAudio, writeAudio } from './write-audio.ts';
