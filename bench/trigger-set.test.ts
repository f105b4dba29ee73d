import { describe, expect, it } from 'vitest';
import { planTriggerEvents } from './trigger-schedule.ts';
import { GRID_MAX_HZ, GRID_MIN_HZ, GRID_STEP_HZ, generateTriggerSet, sharedSlots } from './trigger-set.ts';

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
