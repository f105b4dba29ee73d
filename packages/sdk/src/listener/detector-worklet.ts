import { createDetector, type Detector, LISTENER_BLOCK_SIZE } from '@tonemark/audio';
import {
  DETECTOR_PROCESSOR,
  type FromWorklet,
  type ToWorklet,
  type WorkletOptions,
} from './worklet-messages.js';

// The AudioWorklet module of createListener(): it runs the project's detector on the audio
// thread, on the microphone's own sample rate, and posts each detection to the page. Built by
// scripts/build.ts into one self-contained script (worklet modules cannot import).

declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: { processorOptions?: unknown });
}
declare function registerProcessor(
  name: string,
  processor: new (options: { processorOptions?: unknown }) => AudioWorkletProcessor,
): void;

/** The listeners' block (about 11 ms at 48 kHz): detections come at most a block late, and the audio
 * thread's work per call stays small. */
const BLOCK = LISTENER_BLOCK_SIZE;

class DetectorProcessor extends AudioWorkletProcessor {
  private readonly detector: Detector;
  private block = new Float32Array(BLOCK);
  private filled = 0;

  constructor(options: { processorOptions?: unknown }) {
    super(options);
    const settings = options.processorOptions as WorkletOptions;
    this.detector = createDetector(settings.kind, {
      sampleRate,
      triggers: settings.triggers,
      cooldownMs: settings.cooldownMs,
    });
    this.port.onmessage = (event: MessageEvent<ToWorklet>) => {
      if (event.data.type === 'triggers') this.detector.setTriggers(event.data.triggers);
    };
  }

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    const first = channels?.[0];
    if (!channels || !first) return true;
    for (let i = 0; i < first.length; i++) {
      let sum = 0;
      for (const channel of channels) sum += channel[i] ?? 0;
      this.block[this.filled++] = sum / channels.length;
      if (this.filled === BLOCK) {
        this.analyse(this.block);
        this.block = new Float32Array(BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }

  private analyse(block: Float32Array): void {
    try {
      for (const detection of this.detector.push(block)) {
        const message: FromWorklet = {
          type: 'detection',
          triggerId: String(detection.triggerId),
          score: detection.score,
          ...(detection.snrDb !== undefined ? { snrDb: detection.snrDb } : {}),
          ...(detection.speed !== undefined ? { speed: detection.speed } : {}),
          ...(detection.tempo !== undefined ? { tempo: detection.tempo } : {}),
        };
        this.port.postMessage(message);
      }
    } catch (error) {
      const message: FromWorklet = { type: 'error', message: String(error) };
      this.port.postMessage(message);
    }
  }
}

registerProcessor(DETECTOR_PROCESSOR, DetectorProcessor);
