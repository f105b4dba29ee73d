/**
 * The AudioWorklet that hands raw microphone PCM to the page. It runs in the audio thread, where
 * modules cannot import, so it is kept as plain source and loaded from a Blob URL; it only batches
 * the 128-sample render quanta (mixed to mono) into blocks, and the detector runs on the page
 * (docs/decisions/listener-audio-path.md).
 */
import { LISTENER_BLOCK_SIZE } from '@tonemark/audio/engine-constants';

export const PCM_CAPTURE_PROCESSOR = 'tonemark-pcm-capture';

const WORKLET_SOURCE = `
class PcmCapture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.size = (options.processorOptions && options.processorOptions.blockSize) || ${LISTENER_BLOCK_SIZE};
    this.block = new Float32Array(this.size);
    this.filled = 0;
  }
  process(inputs) {
    const channels = inputs[0];
    if (channels && channels.length > 0) {
      const first = channels[0];
      for (let i = 0; i < first.length; i++) {
        let sum = 0;
        for (let c = 0; c < channels.length; c++) sum += channels[c][i];
        this.block[this.filled++] = sum / channels.length;
        if (this.filled === this.size) {
          this.port.postMessage(this.block, [this.block.buffer]);
          this.block = new Float32Array(this.size);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}
registerProcessor('${PCM_CAPTURE_PROCESSOR}', PcmCapture);
`;

let moduleUrl: string | null = null;

export function pcmCaptureModuleUrl(): string {
  moduleUrl ??= URL.createObjectURL(new Blob([WORKLET_SOURCE], { type: 'text/javascript' }));
  return moduleUrl;
}
