import { FieldFrontEnd } from '../field-front-end.ts';
import { type FieldPlan, planFieldTrigger } from '../field-trigger-plan.ts';
import type { SpectrumLane } from '../spectrum-lane.ts';

/** The field detector's audible lane after hearing `audio`, and the plan of a trigger playing
 * `pattern` on it: what the timing and slot readings are tested against. */
export function heardLane(
  audio: Float32Array,
  pattern: number[],
  sampleRate: number,
): { plan: FieldPlan; lane: SpectrumLane; hopSize: number } {
  const front = new FieldFrontEnd(sampleRate, 10);
  const plan = planFieldTrigger(
    { id: 'a', frequencyPattern: pattern },
    0,
    front.hopSize / sampleRate,
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
