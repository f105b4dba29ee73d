import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { firedTonesExplain } from './field-explained-reference.ts';
import { readSlot } from './field-score.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { heardOnLane } from './testing/heard-lane.ts';
import { whiteNoise } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const PATTERN = [900, 1400, 700, 1600];

const heard = (audio: Float32Array) => heardOnLane(audio, PATTERN, RATE);

/** The pattern at 1 s in noise, and another trigger's 900 Hz over its slot 2 (a reference slot of
 * its own 900 Hz slot 0), as when a second trigger overlaps the first. */
function overlapped(): Float32Array {
  const tone = synthesizeTrigger({ frequencies: PATTERN, sampleRate: RATE });
  const slotSamples = tone.length / PATTERN.length;
  const mine = embedTrigger(whiteNoise(4 * RATE, 0.05, 9), tone, RATE);
  const other = synthesizeTrigger({ frequencies: [900], sampleRate: RATE, durationMs: 500 });
  return embedTrigger(mine, other, RATE + 2 * slotSamples);
}

const span = (from: number, to: number, hz: number) => ({ from, to, hz: [hz] });

describe('reference slots a fired trigger explains', () => {
  it('is undefined when no fired slot is near the pattern', () => {
    expect(firedTonesExplain([span(0, 50, 900)], 100, 300, 9)).toBeUndefined();
  });

  it('explains a slot overlapped by more than half at the same tone, not another tone or a graze', () => {
    const explained = firedTonesExplain([span(100, 150, 900)], 50, 300, 9);
    expect(explained?.(110, 160, 905)).toBe(true);
    expect(explained?.(110, 160, 950)).toBe(false);
    expect(explained?.(130, 180, 900)).toBe(false);
  });

  it("reads a slot over its own floor when the other trigger's tone in its reference is left out", () => {
    const { plan, lane, hopSize } = heard(overlapped());
    const h = { start: RATE / hopSize, slot: plan.slotHops, speed: 1 };
    const dB = (r: number | undefined) => 10 * Math.log10(r ?? 0);
    const plain = dB(readSlot(plan, 0, lane, h, 0)?.ratio);
    const slot2 = h.start + 2 * h.slot;
    const other = firedTonesExplain(
      [span(slot2, slot2 + h.slot, 900)],
      h.start - h.slot,
      slot2 + 2 * h.slot,
      9,
    );
    const elsewhere = firedTonesExplain([span(slot2, slot2 + h.slot, 1000)], h.start, slot2 + h.slot, 9);
    const left = dB(readSlot(plan, 0, lane, h, 0, true, false, other)?.ratio);
    expect(plain).toBeLessThan(8);
    expect(left).toBeGreaterThan(plain + 10);
    expect(dB(readSlot(plan, 0, lane, h, 0, true, false, elsewhere)?.ratio)).toBeCloseTo(plain, 6);
  });
});
