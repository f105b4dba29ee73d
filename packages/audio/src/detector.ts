import type { Detection, TriggerSpec } from './types.ts';

/**
 * `coherent`: the coherent matched-slot detector (exact frequencies; clean audio and codecs);
 * `robust`: the field detector (speed, tempo, overlaps); `dual`: both on the same audio, their
 * detections merged (docs/decisions/detector-default.md); `spec`: SPEC §9's, for reference.
 */
export type DetectorKind = 'coherent' | 'robust' | 'dual' | 'spec';

/**
 * A streaming detector. Feed raw mono PCM of any block size (one sample to minutes); each call
 * returns the detections that fired inside that block, with their stream time.
 */
export interface Detector {
  readonly kind: DetectorKind;
  push(block: Float32Array): Detection[];
  /** Forgets all audio heard so far; stream time restarts at 0. */
  reset(): void;
  /** Replaces the active triggers. Audio heard before is not re-analysed for the new set. */
  setTriggers(triggers: TriggerSpec[]): void;
}

export interface DetectorOptions {
  sampleRate: number;
  triggers: TriggerSpec[];
  /** Minimum time between two callbacks (per trigger for `robust`, overall for `spec`). */
  cooldownMs?: number;
}
