import { describe, expect, it } from 'vitest';
import { HELD_AUDIT } from './held-audit.ts';
import { SpectrumLane } from './spectrum-lane.ts';

/** A lane of a 20-hop ring that has finished `hops` hops of silence. */
function laneAfter(hops: number): SpectrumLane {
  const lane = new SpectrumLane({
    rate: 8000,
    frameSize: 64,
    hopSamples: 16,
    ringHops: 20,
    lowHz: 400,
    highHz: 2000,
  });
  for (let h = 0; h < hops; h++) {
    for (let i = 0; i < 16; i++) lane.push(0, 0);
    lane.finishHop();
  }
  return lane;
}

describe('held audit', () => {
  it('reports spans asked for and not held, and the hops before the oldest one read leaves the ring', () => {
    const lane = laneAfter(30);
    HELD_AUDIT.begin();
    expect(lane.holds(15, 25)).toBe(true);
    expect(lane.holds(12, 14)).toBe(true);
    expect(HELD_AUDIT.unheld).toBe(false);
    // Hop 12 stays held while the lane's hop is below 12 + 20: two more hops.
    expect(HELD_AUDIT.margin).toBe(2);
    expect(lane.holds(20, 30)).toBe(false);
    expect(HELD_AUDIT.unheld).toBe(true);
    HELD_AUDIT.open = false;
    HELD_AUDIT.begin();
    expect(HELD_AUDIT.unheld).toBe(false);
    HELD_AUDIT.open = false;
  });

  it('holds what the margin promises, and not one hop more', () => {
    const lane = laneAfter(30);
    HELD_AUDIT.begin();
    lane.holds(12, 14);
    HELD_AUDIT.open = false;
    const margin = HELD_AUDIT.margin;
    const later = laneAfter(30 + margin - 1);
    expect(later.holds(12, 14)).toBe(true);
    expect(laneAfter(30 + margin).holds(12, 14)).toBe(false);
  });

  it('notes nothing while closed', () => {
    const lane = laneAfter(30);
    HELD_AUDIT.begin();
    HELD_AUDIT.open = false;
    lane.holds(20, 30);
    expect(HELD_AUDIT.unheld).toBe(false);
  });
});
