// The constants file alone: the engine itself is loaded lazily, once listening starts.
import { LISTENER_BLOCK_SIZE } from '@tonemark/audio/engine-constants';
import { PCM_CAPTURE_PROCESSOR, pcmCaptureModuleUrl } from './pcm-capture-worklet';

export interface MicrophoneCapture {
  /** The device's own rate: the context is created without a rate, so nothing resamples the PCM. */
  readonly sampleRate: number;
  /** For the level bars: the spectrum of the same PCM the detector hears. */
  readonly analyser: AnalyserNode;
  stop(): Promise<void>;
}

/**
 * Opens the microphone with the browser's speech processing off (echo cancellation, noise
 * suppression and gain control would erase or pump the tones) and streams raw PCM blocks.
 */
export async function openMicrophone(onBlock: (block: Float32Array) => void): Promise<MicrophoneCapture> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(pcmCaptureModuleUrl());
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, PCM_CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      processorOptions: { blockSize: LISTENER_BLOCK_SIZE },
    });
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => onBlock(event.data);
    // A silent path to the destination keeps the graph pulled, so the worklet runs in every browser.
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(capture).connect(mute).connect(context.destination);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    analyser.smoothingTimeConstant = 0.6;
    source.connect(analyser);
    if (context.state === 'suspended') await context.resume();
    return {
      sampleRate: context.sampleRate,
      analyser,
      async stop() {
        capture.port.onmessage = null;
        for (const track of stream.getTracks()) track.stop();
        if (context.state !== 'closed') await context.close();
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    await context.close();
    throw error;
  }
}
