import { describe, expect, it } from 'vitest';
import { FieldFrontEnd } from './field-front-end.ts';
import { fitOnsets } from './field-onset-timing.ts';
import { fitBoundaries } from './field-score.ts';
import { type FieldPlan, planFieldTrigger } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';
import { whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [900, 1400, 700, 1600];
const SLOT_SEC = 0.5;
const START_SEC = 1;

/** The lane after hearing `audio`, and the trigger's plan on it. */
function heard(audio: Float32Array): { plan: FieldPlan; lane: SpectrumLane; hopSize: number } {
  const front = new FieldFrontEnd(RATE, 10);
  const plan = planFieldTrigger(
    { id: 'a', frequencyPattern: PATTERN },
    0,
    front.hopSize / RATE,
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

/**
 * The pattern at 1 s in light noise, each tone at its own level and ringing on after its slot as a
 * room's tail does (60 dB per `rt60Sec`): the loud tone's tail covers the quiet next tone's start.
 */
function reverberant(levels: number[], rt60Sec: number): Float32Array {
  const out = whiteNoise(5 * RATE, 0.002, 3);
  const slot = SLOT_SEC * RATE;
  PATTERN.forEach((hz, k) => {
    const from = START_SEC * RATE + k * slot;
    for (let i = from; i < out.length; i++) {
      const after = Math.max(0, i - from - slot) / RATE;
      const amplitude = (levels[k] as number) * 10 ** ((-3 * after) / rt60Sec);
      if (amplitude < 1e-5) break;
      out[i] = (out[i] as number) + amplitude * Math.sin((2 * Math.PI * hz * (i - from)) / RATE);
    }
  });
  return out;
}

describe('fitOnsets', () => {
  it('times a reverberant pattern by its onsets where the loud tones tails move the boundaries', () => {
    // The last slot a room's notch 18 dB under the others, RT60 1 s.
    const { plan, lane, hopSize } = heard(reverberant([0.2, 0.2, 0.2, 0.025], 1));
    const played = { start: (START_SEC * RATE) / hopSize, slot: plan.slotHops, speed: 1 };
    const off = { start: played.start + 6, slot: plan.slotHops * 1.08, speed: 1 };
    const onsets = fitOnsets(plan, [lane], off);
    expect(onsets).toBeDefined();
    expect(Math.abs((onsets?.start ?? 0) - played.start)).toBeLessThan(3);
    expect(Math.abs((onsets?.slot ?? 0) / played.slot - 1)).toBeLessThan(0.02);
    // The boundary fit, from the same start, reads the late crossing as a longer slot.
    const boundaries = fitBoundaries(plan, [lane], off);
    expect(Math.abs((boundaries?.slot ?? 0) / played.slot - 1)).toBeGreaterThan(0.04);
  });

  it('reads nothing where no tone rises', () => {
    const { plan, lane, hopSize } = heard(whiteNoise(5 * RATE, 0.05, 4));
    const h = { start: (START_SEC * RATE) / hopSize, slot: plan.slotHops, speed: 1 };
    expect(fitOnsets(plan, [lane], h)).toBeUndefined();
  });
});
