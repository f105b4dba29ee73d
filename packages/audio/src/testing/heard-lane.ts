import { FieldFrontEnd } from '../field-front-end.ts';
import { type FieldPlan, planFieldTrigger } from '../field-trigger-plan.ts';
import type { SpectrumLane } from '../spectrum-lane.ts';

/** A field-detector lane after hearing `audio` (44.1 kHz), and `pattern`'s plan on it. */
export function heardOnLane(
  audio: Float32Array,
  pattern: number[],
  rate = 44_100,
): { plan: FieldPlan; lane: SpectrumLane; hopSize: number } {
  const front = new FieldFrontEnd(rate, 10);
  const plan = planFieldTrigger(
    { id: 'a', frequencyPattern: pattern },
    0,
    front.hopSize / rate,
    front.laneRate,
    (k) => front.supports(k),
  );
  if (!plan) throw new Error('no plan');
  const lane = front.addLane(0, plan.frameSize, 1024);
  for (let at = 0; at < audio.length; ) {
    const take = Math.min(audio.length - at, front.remaining);
    front.feed(audio, at, at + take);
    at += take;
  }
  return { plan, lane, hopSize: front.hopSize };
}
