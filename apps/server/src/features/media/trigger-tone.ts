import { type Signal, synthesizeTrigger, writeWav16 } from '@tonemark/audio';
import { triggerToneKey } from '@tonemark/shared';
import type { TriggerRow } from '../../db/schema.ts';
import type { MediaStore, StoredObject } from '../../storage/media-store.ts';

/** 44.1 kHz holds every tone, the ultrasonic band (up to 20 kHz) included. */
export const TONE_SAMPLE_RATE = 44_100;

type ToneFields = Pick<TriggerRow, 'publicId' | 'frequencyPattern' | 'durationMs' | 'signal'>;

/** True when an update changes what the trigger sounds like, so its tone must be rendered again. */
export function toneChanged(before: ToneFields, after: ToneFields): boolean {
  return (
    before.durationMs !== after.durationMs ||
    before.signal !== after.signal ||
    JSON.stringify(before.frequencyPattern) !== JSON.stringify(after.frequencyPattern)
  );
}

/**
 * DESIGN §3: every trigger's tone is rendered (SPEC §9 synthesis, 16-bit WAV) and stored under
 * its publicId, so embedding feeds ffmpeg a file and the screens can play it.
 */
export class TriggerTones {
  constructor(private readonly store: MediaStore) {}

  async render(trigger: ToneFields): Promise<StoredObject> {
    const samples = synthesizeTrigger({
      frequencies: trigger.frequencyPattern,
      durationMs: trigger.durationMs,
      sampleRate: TONE_SAMPLE_RATE,
      signal: trigger.signal as Signal,
    });
    return this.store.put(triggerToneKey(trigger.publicId), writeWav16(samples, TONE_SAMPLE_RATE));
  }

  /** The stored tone, rendered now if it is missing (triggers made before tones were stored). */
  async ensure(trigger: ToneFields): Promise<StoredObject> {
    return (await this.store.stat(triggerToneKey(trigger.publicId))) ?? this.render(trigger);
  }

  async remove(publicId: string): Promise<void> {
    await this.store.delete(triggerToneKey(publicId));
  }
}
