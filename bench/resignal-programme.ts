import { EMBED_TRIGGER_GAIN, type Signal, synthesizeTrigger, type TriggerSpec } from '@tonemark/audio';
import type { ProgrammeInput } from './channel-conditions.ts';
import { F32Writer, readF32Range } from './f32-files.ts';
import type { TriggerEvent } from './trigger-schedule.ts';

/**
 * The triggered stretch with its triggers as another signal type (ultrasonic, combined): each
 * audible tone the renderer mixed in (embedTrigger, EMBED_TRIGGER_GAIN) is taken out again and
 * the signal's tone put in its place, so programme, levels and timing stay those of the audible
 * programme. Written to `path` (headerless f32), which the condition then reads like the original.
 */
export async function resignalStretch(
  input: ProgrammeInput,
  events: readonly TriggerEvent[],
  triggers: readonly TriggerSpec[],
  signal: Signal,
  path: string,
): Promise<ProgrammeInput> {
  const from = input.startSample ?? 0;
  const samples = await readF32Range(input.path, from, input.samples);
  const tones = new Map<string, [Float32Array, Float32Array]>();
  for (const t of triggers) {
    const make = (s: Signal) =>
      synthesizeTrigger({
        frequencies: t.frequencyPattern,
        sampleRate: input.sampleRate,
        signal: s,
        ...(t.durationMs ? { durationMs: t.durationMs } : {}),
      });
    tones.set(String(t.id), [make('audible'), make(signal)]);
  }
  for (const event of events) {
    const pair = tones.get(String(event.triggerId));
    if (!pair) continue;
    const [audible, replacement] = pair;
    const at = event.startSample - from;
    for (let i = 0; i < audible.length; i++) {
      const j = at + i;
      if (j < 0 || j >= samples.length) continue;
      samples[j] =
        (samples[j] as number) + EMBED_TRIGGER_GAIN * ((replacement[i] ?? 0) - (audible[i] as number));
    }
  }
  const writer = await F32Writer.create(path);
  await writer.write(samples);
  await writer.close();
  return { ...input, path, startSample: 0 };
}
