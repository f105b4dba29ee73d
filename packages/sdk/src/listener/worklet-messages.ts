import type { DetectorKind } from './types.js';

/** A trigger as the detector in the worklet needs it. */
export interface WorkletTrigger {
  id: string;
  frequencyPattern: number[];
  durationMs: number;
  signal: 'audible' | 'ultrasonic' | 'combined' | 'streaming';
}

export interface WorkletOptions {
  kind: DetectorKind;
  triggers: WorkletTrigger[];
  cooldownMs: number;
}

export type ToWorklet = { type: 'triggers'; triggers: WorkletTrigger[] };

export type FromWorklet =
  | {
      type: 'detection';
      triggerId: string;
      score: number;
      snrDb?: number;
      speed?: number;
      tempo?: number;
    }
  | { type: 'error'; message: string };

export const DETECTOR_PROCESSOR = 'tonemark-sdk-detector';
