import { type FieldPlan, planFieldTrigger } from '../field-trigger-plan.ts';
import { SpectrumLane } from '../spectrum-lane.ts';

/** The small lane's rate (Hz), hop (samples), slot (hops: 500 ms) and lead-in and tail (hops: 1 s). */
export const SLOT_LANE_RATE = 6300;
export const SLOT_LANE_HOP = 63;
export const SLOT_LANE_SLOT_HOPS = 50;
export const SLOT_LANE_LEAD_HOPS = 100;

/** A pattern's plan at the small lane's rate and 10 ms hops. */
export const slotLanePlan = (pattern: number[]): FieldPlan =>
  planFieldTrigger({ id: 'p', frequencyPattern: pattern }, 0, 0.01, SLOT_LANE_RATE, () => true) as FieldPlan;

/**
 * A 400-2,250 Hz lane fed 1 s of silence, then one 500 ms slot per entry of `slots` (each a list
 * of tones: Hz and amplitude), then 1 s of silence: a slot reading's test bench without a front end.
 */
export function slotLane(slots: [number, number][][], frameSize: number): SpectrumLane {
  const lane = new SpectrumLane({
    rate: SLOT_LANE_RATE,
    frameSize,
    hopSamples: SLOT_LANE_HOP,
    ringHops: 800,
    lowHz: 400,
    highHz: 2250,
  });
  const hops = SLOT_LANE_LEAD_HOPS + slots.length * SLOT_LANE_SLOT_HOPS + SLOT_LANE_LEAD_HOPS;
  for (let hop = 0; hop < hops; hop++) {
    const tones =
      hop >= SLOT_LANE_LEAD_HOPS
        ? (slots[Math.floor((hop - SLOT_LANE_LEAD_HOPS) / SLOT_LANE_SLOT_HOPS)] ?? [])
        : [];
    for (let i = 0; i < SLOT_LANE_HOP; i++) {
      const n = hop * SLOT_LANE_HOP + i;
      let x = 0;
      for (const [hz, amplitude] of tones) x += amplitude * Math.sin((2 * Math.PI * hz * n) / SLOT_LANE_RATE);
      lane.push(x, 0);
    }
    lane.finishHop();
  }
  return lane;
}
