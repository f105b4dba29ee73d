import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { FailedTimings, referenceSounded } from './field-retest.ts';
import { planFieldTrigger } from './field-trigger-plan.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
// As held-out overlap T04 1450-1000-1100-1450 with T02 two slots after it: the second trigger's
// 1450 Hz, louder, sounds in the first's slot 2, a reference slot of the first's two 1450 Hz slots.
const FIRST: TriggerSpec = { id: 'first', frequencyPattern: [1450, 1000, 1100, 1450] };
const SECOND: TriggerSpec = { id: 'second', frequencyPattern: [1450, 1600, 700, 1900] };
const OTHER: TriggerSpec = { id: 'other', frequencyPattern: [600, 1800, 1400, 750] };

const plan = (spec: TriggerSpec, order = 0) => {
  const p = planFieldTrigger(spec, order, 0.01, 6300, () => true);
  if (!p) throw new Error('plan expected');
  return p;
};
/** Slot spans (hops) of a pattern of 50-hop slots starting at `start`. */
const spans = (tones: readonly number[], start: number) =>
  tones.map((hz, k) => ({ from: start + 50 * k, to: start + 50 * (k + 1), hz: [hz] }));

describe('failed timings tested again once another trigger fires', () => {
  it('fires the first of two overlapping triggers after the second, whose tone raised its reference', () => {
    const at = Math.round(1.5 * RATE);
    const first = synthesizeTrigger({ frequencies: FIRST.frequencyPattern, sampleRate: RATE });
    const second = synthesizeTrigger({ frequencies: SECOND.frequencyPattern, sampleRate: RATE });
    const louder = second.map((v) => 2 * v);
    const audio = embedTrigger(embedTrigger(whiteNoise(7 * RATE, 0.01, 5), first, at), louder, at + RATE);
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [FIRST, SECOND, OTHER] });
    const found = pushInBlocks(audio, 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['second', 'first']);
  });

  it('reads a fired slot as sounding a reference only at one of the pattern tones, in another slot', () => {
    const p = plan(FIRST);
    const h = { start: 100, slot: 50, speed: 1 };
    // The second's 1450 Hz over slot 2 (a reference of slots 0 and 3).
    expect(referenceSounded(p, h, spans(SECOND.frequencyPattern, 200), 9)).toBe(true);
    // The same tone over slot 0 itself is the pattern's own slot, not a reference.
    expect(referenceSounded(p, h, spans([1450], 100), 9)).toBe(false);
    // Other tones, or the right tone far from the pattern, explain nothing.
    expect(referenceSounded(p, h, spans(OTHER.frequencyPattern, 150), 9)).toBe(false);
    expect(referenceSounded(p, h, spans([1450], 600), 9)).toBe(false);
  });

  it('hands a failed timing back once, never for the trigger that fired, and forgets it after its hop', () => {
    const p = plan(FIRST);
    const h = { start: 100, slot: 50, speed: 1 };
    const fired = spans(SECOND.frequencyPattern, 200);
    const kept = new FailedTimings();
    kept.add(p, h, 700, 350);
    expect(kept.takeExplained(p, fired, 9, 400)).toEqual([]);
    expect(kept.takeExplained(plan(SECOND, 1), fired, 9, 400)).toEqual([{ plan: p, h, until: 700 }]);
    expect(kept.takeExplained(plan(SECOND, 1), fired, 9, 401)).toEqual([]);
    kept.add(p, h, 700, 350);
    expect(kept.takeExplained(plan(SECOND, 1), fired, 9, 701)).toEqual([]);
  });
});
