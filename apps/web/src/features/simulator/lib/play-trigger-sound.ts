import { synthesizeTrigger } from '@tonemark/audio';
import type { ListenerTrigger } from '@tonemark/shared';

let context: AudioContext | null = null;

/**
 * Plays a trigger's real tones through the speakers, synthesised at the output's own rate so no
 * resampling blurs them. SPEC §8: audio failures are logged and the call returns false.
 */
export async function playTriggerSound(
  trigger: Pick<ListenerTrigger, 'frequencyPattern' | 'durationMs' | 'signal'>,
): Promise<boolean> {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') await context.resume();
    const samples = synthesizeTrigger({
      frequencies: trigger.frequencyPattern,
      durationMs: trigger.durationMs,
      signal: trigger.signal,
      sampleRate: context.sampleRate,
    });
    const buffer = context.createBuffer(1, samples.length, context.sampleRate);
    buffer.getChannelData(0).set(samples);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    source.start();
    return true;
  } catch (error) {
    console.error('[simulator] could not play the test sound', error);
    return false;
  }
}
