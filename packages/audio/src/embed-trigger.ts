import { EMBED_ORIGINAL_GAIN, EMBED_TRIGGER_GAIN } from './engine-constants.ts';

/**
 * Mixes a trigger into media per SPEC §9: over the trigger's span the output is
 * 85 % original + 15 % trigger; everywhere else the original is copied untouched.
 *
 * The offset is clamped to [0, original.length - trigger.length] so the trigger is always
 * complete: it never wraps and never runs past the end. When the media is shorter than the
 * trigger, the media is padded with silence at its end to the trigger's length and the trigger
 * starts at 0 (the output is then longer than the input). Non-integer offsets are rounded.
 */
export function embedTrigger(
  original: Float32Array,
  trigger: Float32Array,
  offsetSamples: number,
): Float32Array {
  const length = Math.max(original.length, trigger.length);
  const out = new Float32Array(length);
  out.set(original);
  const latest = length - trigger.length;
  const wanted = Number.isFinite(offsetSamples) ? Math.round(offsetSamples) : 0;
  const offset = Math.min(latest, Math.max(0, wanted));
  for (let i = 0; i < trigger.length; i++) {
    const at = offset + i;
    out[at] = EMBED_ORIGINAL_GAIN * (original[at] ?? 0) + EMBED_TRIGGER_GAIN * (trigger[i] ?? 0);
  }
  return out;
}

/**
 * Turns an embed position into a sample offset for embedTrigger. `seconds` is the trigger's start
 * time; `fraction` is the trigger's start as a fraction of the media duration (SPEC §9: "at an
 * offset given as a fraction of the duration"). Either way the result is clamped so the whole
 * trigger fits: fraction 1 (or a time past the end) puts the trigger flush against the end.
 * Non-finite input counts as 0.
 */
export function offsetToSamples(
  at: { seconds: number } | { fraction: number },
  totalSamples: number,
  sampleRate: number,
  triggerSamples: number,
): number {
  const raw = 'seconds' in at ? at.seconds * sampleRate : at.fraction * totalSamples;
  const wanted = Number.isFinite(raw) ? Math.round(raw) : 0;
  const latest = Math.max(0, totalSamples - triggerSamples);
  return Math.min(latest, Math.max(0, wanted));
}
