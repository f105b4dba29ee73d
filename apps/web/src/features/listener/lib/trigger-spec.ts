import type { TriggerSpec } from '@tonemark/audio';
import type { ListenerTrigger } from '@tonemark/shared';

type PatternFields = Pick<ListenerTrigger, 'id' | 'frequencyPattern' | 'durationMs' | 'signal'>;

/** What the detector needs of a trigger: its exact tones and timing. */
export function toTriggerSpec(trigger: PatternFields): TriggerSpec {
  return {
    id: trigger.id,
    frequencyPattern: trigger.frequencyPattern,
    durationMs: trigger.durationMs,
    signal: trigger.signal,
  };
}
