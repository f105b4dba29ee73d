import type { TriggerSpec } from '@tonemark/audio';
import { SeededRandom } from './seeded-random.ts';

export interface TriggerEvent {
  triggerId: string | number;
  /** Sample offsets in the 44.1 kHz programme. */
  startSample: number;
  endSample: number;
  startSec: number;
  endSec: number;
}

export const SCHEDULE = {
  /** One trigger per slot; 8 s leaves >= 4 s between triggers, more than the 2 s cooldown. */
  slotSec: 8,
  /** The trigger starts this far into its slot, uniformly at random. */
  offsetRangeSec: [1, 3] as [number, number],
};

/**
 * Which trigger goes where: every slot gets one, the set is cycled in shuffled rounds so each
 * trigger appears equally often, and the start jitters so timing is not on a fixed grid.
 */
export function planTriggerEvents(
  totalSamples: number,
  sampleRate: number,
  triggers: readonly TriggerSpec[],
  triggerSamples: number,
  seed: number,
): TriggerEvent[] {
  const rng = new SeededRandom(seed);
  const slot = SCHEDULE.slotSec * sampleRate;
  const events: TriggerEvent[] = [];
  let round: TriggerSpec[] = [];
  for (let slotStart = 0; slotStart + slot <= totalSamples; slotStart += slot) {
    if (round.length === 0) round = rng.shuffle(triggers);
    const trigger = round.pop() as TriggerSpec;
    const [lo, hi] = SCHEDULE.offsetRangeSec;
    const startSample = slotStart + Math.round(rng.between(lo, hi) * sampleRate);
    const endSample = startSample + triggerSamples;
    events.push({
      triggerId: trigger.id,
      startSample,
      endSample,
      startSec: startSample / sampleRate,
      endSec: endSample / sampleRate,
    });
  }
  return events;
}
