import { synthesizeTrigger, writeWav16 } from '@tonemark/audio';
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
  /** Renders scheduled and not finished, by tone key: readers wait for them instead of racing. */
  private readonly inFlight = new Map<string, Promise<StoredObject>>();

  constructor(private readonly store: MediaStore) {}

  /**
   * Renders the tone after the current request has answered, outside any transaction: synthesis
   * is CPU work a trigger's creation need not wait for. Until it is stored, ensure() and
   * settled() wait for it, so embedding or playing a brand-new trigger gets its new tone; a
   * failed render is reported and redone on demand by ensure(). `replace` first drops a tone
   * the trigger no longer sounds like, so nothing can read the stale one meanwhile.
   */
  schedule(trigger: ToneFields, onError: (error: unknown) => void, replace = false): void {
    const key = triggerToneKey(trigger.publicId);
    const previous = this.inFlight.get(key) ?? Promise.resolve();
    const job = previous
      .catch(() => undefined)
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        if (replace) await this.store.delete(key);
        return this.render(trigger);
      });
    this.inFlight.set(key, job);
    job.then(
      () => this.forget(key, job),
      (error: unknown) => {
        this.forget(key, job);
        onError(error);
      },
    );
  }

  private forget(key: string, job: Promise<StoredObject>) {
    if (this.inFlight.get(key) === job) this.inFlight.delete(key);
  }

  /** Waits for a scheduled render of the object under `key`, if one is under way. */
  async settled(key: string): Promise<void> {
    await this.inFlight.get(key)?.catch(() => undefined);
  }

  /** Waits for every render scheduled so far (shutdown, and tests that count the files on disk). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()]);
  }

  async render(trigger: ToneFields): Promise<StoredObject> {
    const samples = synthesizeTrigger({
      frequencies: trigger.frequencyPattern,
      durationMs: trigger.durationMs,
      sampleRate: TONE_SAMPLE_RATE,
      signal: trigger.signal,
    });
    return this.store.put(triggerToneKey(trigger.publicId), writeWav16(samples, TONE_SAMPLE_RATE));
  }

  /** The stored tone, rendered now if it is missing (triggers made before tones were stored). */
  async ensure(trigger: ToneFields): Promise<StoredObject> {
    const key = triggerToneKey(trigger.publicId);
    const pending = this.inFlight.get(key);
    if (pending) {
      const stored = await pending.catch(() => undefined);
      if (stored) return stored;
    }
    return (await this.store.stat(key)) ?? this.render(trigger);
  }

  async remove(publicId: string): Promise<void> {
    const key = triggerToneKey(publicId);
    // A render still under way would write the file back after the delete.
    await this.settled(key);
    await this.store.delete(key);
  }
}
