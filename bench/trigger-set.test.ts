import { keepsToneGap } from '@tonemark/audio';
import { describe, expect, it } from 'vitest';
import { programmeNameOf } from './render-triggered-programme.ts';
import { planTriggerEvents } from './trigger-schedule.ts';
import {
  GRID_MAX_HZ,
  GRID_MIN_HZ,
  GRID_STEP_HZ,
  generateTriggerSet,
  sharedSlots,
  triggerSetOf,
} from './trigger-set.ts';

describe('generateTriggerSet', () => {
  const set = generateTriggerSet(24, 7);

  it('is deterministic for a seed', () => {
    expect(generateTriggerSet(24, 7)).toEqual(set);
    expect(generateTriggerSet(24, 8)).not.toEqual(set);
  });

  it('puts four tones on the slider grid, patterns pairwise distinct', () => {
    expect(new Set(set.map((t) => t.id)).size).toBe(24);
    for (const t of set) {
      expect(t.frequencyPattern).toHaveLength(4);
      for (const f of t.frequencyPattern) {
        expect(f).toBeGreaterThanOrEqual(GRID_MIN_HZ);
        expect(f).toBeLessThanOrEqual(GRID_MAX_HZ);
        expect((f - GRID_MIN_HZ) % GRID_STEP_HZ).toBe(0);
      }
    }
    for (const a of set)
      for (const b of set)
        if (a !== b) expect(sharedSlots(a.frequencyPattern, b.frequencyPattern)).toBeLessThanOrEqual(1);
  });
});

describe('a Suggest-like set (--suggest-gap)', () => {
  it("keeps Suggest a free pattern's gap in every pattern, from the floor asked for", () => {
    const set = triggerSetOf({ triggerSeed: 3, minToneHz: 700, suggestGap: true }, 24, 1);
    expect(set.every((t) => keepsToneGap(t.frequencyPattern))).toBe(true);
    expect(set.every((t) => Math.min(...t.frequencyPattern) >= 700)).toBe(true);
  });

  it('is another set than the one without the gap, cached under its own programme name', () => {
    // The seed's plain set has a pattern without the gap, so the rule changed what was drawn.
    const plain = triggerSetOf({ triggerSeed: 3, minToneHz: 700 }, 24, 1);
    expect(plain.some((t) => !keepsToneGap(t.frequencyPattern))).toBe(true);
    expect(programmeNameOf({ triggerSeed: 3, minToneHz: 700, suggestGap: true })).toBe(
      'triggered-mixed-t3-from700-gap',
    );
    expect(programmeNameOf({ triggerSeed: 3, minToneHz: 700 })).toBe('triggered-mixed-t3-from700');
    expect(programmeNameOf({})).toBe('triggered-mixed');
  });
});

describe('planTriggerEvents', () => {
  it('places one trigger per 8 s slot, every trigger equally often, never overlapping', () => {
    const triggers = generateTriggerSet(4, 1);
    const events = planTriggerEvents(80 * 1000, 1000, triggers, 2000, 3);
    expect(events).toHaveLength(10);
    const counts = new Map<string | number, number>();
    for (const e of events) counts.set(e.triggerId, (counts.get(e.triggerId) ?? 0) + 1);
    expect([...counts.values()].every((n) => n >= 2 && n <= 3)).toBe(true);
    for (let i = 1; i < events.length; i++) {
      expect((events[i]?.startSec ?? 0) - (events[i - 1]?.endSec ?? 0)).toBeGreaterThanOrEqual(4);
    }
  });
});
