import { describe, expect, it } from 'vitest';
import { fitBoundaries, scorePattern } from './field-score.ts';
import { STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import {
  bestPitchKept,
  heardTonesPlan,
  mayBePitchKept,
  PITCH_KEPT_AGREED_EXTRA_DB,
  PITCH_KEPT_EXTRA_DB,
  scorePitchKept,
} from './pitch-kept-score.ts';
import { atTruth, LEAD, LIMITS, PATTERN, plan, SLOT, stretched } from './testing/pitch-kept-lanes.ts';

describe('scorePitchKept', () => {
  it('reads a time-stretched pattern whose tones each moved a few Hz (WSOLA), which the fitted-speed score rejects', () => {
    const lane = stretched([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2], plan.frameSize);
    expect(scorePattern(plan, [lane], atTruth, LIMITS, true)?.pass).toBe(false);
    const kept = scorePitchKept(plan, [lane], atTruth, LIMITS);
    expect(kept?.pass).toBe(true);
    expect(kept?.minDb).toBeGreaterThan(10);
    expect(kept?.measuredSpeed).toBe(1);
  });

  it('rejects a slot whose tone is further off its grid frequency than a stretcher moves it', () => {
    const lane = stretched([1450, 1000 + STRETCH_SLOT_HZ + 4, 1100, 600], plan.frameSize);
    expect(scorePitchKept(plan, [lane], atTruth, LIMITS)?.pass).toBe(false);
  });

  it('rejects the pattern retuned as a whole by half a percent (the speed path reads that, not this one)', () => {
    const lane = stretched(
      PATTERN.map((hz) => hz * 1.006),
      plan.frameSize,
    );
    expect(scorePitchKept(plan, [lane], atTruth, LIMITS)?.pass).toBe(false);
  });

  it('rejects a slot that holds no tone', () => {
    const lane = stretched([1450, 1000, 300, 600], plan.frameSize);
    expect(scorePitchKept(plan, [lane], atTruth, LIMITS)?.pass).toBe(false);
  });
});

describe('bestPitchKept', () => {
  it('keeps the given timing when it reads as well as any near it (the reported tempo is the fitted one)', () => {
    const lane = stretched([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2], plan.frameSize);
    expect(bestPitchKept(plan, [lane], atTruth, LIMITS)?.refined).toEqual(atTruth);
  });

  it('asks a stretch whose tones hand over at equally spaced times for less extra evidence', () => {
    const lane = stretched([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2], plan.frameSize);
    expect(PITCH_KEPT_AGREED_EXTRA_DB).toBeLessThan(PITCH_KEPT_EXTRA_DB);
    expect(bestPitchKept(plan, [lane], atTruth, LIMITS)?.extraDb).toBe(PITCH_KEPT_AGREED_EXTRA_DB);
  });

  it('finds a passing reading from a timing a few percent off', () => {
    const lane = stretched([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2], plan.frameSize);
    const found = bestPitchKept(plan, [lane], { start: LEAD + 3, slot: SLOT * 1.03, speed: 1 }, LIMITS);
    expect(found?.score.pass).toBe(true);
    expect(Math.abs((found?.refined.slot ?? 0) / SLOT - 1)).toBeLessThanOrEqual(0.031);
  });

  it('finds nothing when a slot holds no tone', () => {
    const lane = stretched([1450, 1000, 300, 600], plan.frameSize);
    expect(bestPitchKept(plan, [lane], atTruth, LIMITS)).toBeUndefined();
  });

  it('keeps only readings whose slot length lies in the range given (the tempo range searched)', () => {
    const lane = stretched([1450 + 4, 1000 - 4, 1100 + 3, 600 - 2], plan.frameSize);
    const found = bestPitchKept(plan, [lane], atTruth, LIMITS, [SLOT * 1.01, SLOT * 1.05]);
    expect(found?.refined.slot).toBeGreaterThanOrEqual(SLOT * 1.01);
    expect(bestPitchKept(plan, [lane], atTruth, LIMITS, [SLOT * 1.1, SLOT * 1.2])).toBeUndefined();
  });
});

describe('mayBePitchKept', () => {
  it('takes proposals within 3 % of speed 1 only', () => {
    expect(mayBePitchKept(1.004)).toBe(true);
    expect(mayBePitchKept(0.991)).toBe(true);
    expect(mayBePitchKept(1.025)).toBe(true);
    expect(mayBePitchKept(1.04)).toBe(false);
    expect(mayBePitchKept(0.95)).toBe(false);
  });
});

describe('heardTonesPlan', () => {
  it('moves each slot tone to where the stretch put it, so the boundary fit times the pattern again', () => {
    const played = [1450 + 4.5, 1000 - 4.5, 1100 + 4.5, 600 - 4.5];
    const lane = stretched(played, plan.frameSize);
    const off = { start: LEAD + 2, slot: SLOT * 1.02, speed: 1 };
    const heard = heardTonesPlan(plan, [lane], off);
    heard.bands[0]?.tones.forEach((hz, k) => {
      expect(Math.abs(hz - (played[k] as number))).toBeLessThanOrEqual(lane.binHz / 2);
    });
    const refit = fitBoundaries(heard, [lane], off);
    expect(Math.abs((refit?.slot ?? 0) - SLOT)).toBeLessThan(0.5);
    expect(Math.abs((refit?.start ?? 0) - LEAD)).toBeLessThan(1);
  });

  it('keeps the grid tone where no tone is heard within the stretch range', () => {
    const lane = stretched([1450, 1000 + STRETCH_SLOT_HZ + 6, 1100, 600], plan.frameSize);
    const tones = heardTonesPlan(plan, [lane], atTruth).bands[0]?.tones ?? [];
    expect(Math.abs((tones[1] as number) - 1000)).toBeLessThanOrEqual(STRETCH_SLOT_HZ);
    expect(Math.abs((tones[0] as number) - 1450)).toBeLessThanOrEqual(lane.binHz / 2);
  });
});
