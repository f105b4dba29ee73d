import { FieldDetector } from '@tonemark/audio';
import { describe, expect, it } from 'vitest';
import {
  bestPerPattern,
  fitFeatures,
  hasClass,
  inTriggerSet,
  type ProbeFit,
  type ProbeSlot,
  passAt,
  thresholdDb,
} from './fit-class.ts';
import { generateDecoys } from './trigger-set.ts';

const slot = (levelDb: number, onsetDb = 15, driftBins = 0.1, ratioDb = 10): ProbeSlot => ({
  ratioDb,
  levelDb,
  onsetDb,
  driftBins,
});
const aFit = (over: Partial<ProbeFit> = {}): ProbeFit => ({
  kind: 'CHANCE',
  condition: 'clean',
  id: 'D1',
  t: 0,
  path: 'as-made',
  decisionDb: 11,
  slots: [slot(60), slot(62), slot(58), slot(60)],
  ...over,
});

describe('thresholdDb', () => {
  it('is the field detector threshold at each N', () => {
    const embedded = [{ id: 'T01', frequencyPattern: [600, 1200, 900, 1500] }];
    for (const n of [24, 1000, 3000]) {
      const triggers = [...embedded, ...generateDecoys(n - 1, embedded, 7)];
      const detector = new FieldDetector({ sampleRate: 44_100, triggers });
      expect(thresholdDb(n)).toBeCloseTo(detector.decisionThresholdDb, 6);
    }
  });
});

describe('inTriggerSet', () => {
  it('keeps embedded triggers and the first N - 24 decoys', () => {
    expect(inTriggerSet('T24', 1000)).toBe(true);
    expect(inTriggerSet('D976', 1000)).toBe(true);
    expect(inTriggerSet('D977', 1000)).toBe(false);
  });
});

describe('fitFeatures', () => {
  it('reads the level scatter as a population s.d.', () => {
    expect(fitFeatures(aFit()).levelScatterDb).toBeCloseTo(Math.sqrt(2), 6);
  });

  it('reads drift only on the slots long enough to have it', () => {
    const f = aFit({
      slots: [slot(60, 15, 0.2), slot(60, 15, 0.6), slot(60), { ...slot(60), driftBins: null }],
    });
    expect(fitFeatures(f).maxDriftBins).toBe(0.6);
  });

  it('counts a slot without a level as unbounded scatter', () => {
    const f = aFit({ slots: [slot(60), slot(60), slot(60), { ...slot(60), levelDb: null }] });
    expect(fitFeatures(f).levelScatterDb).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('passAt', () => {
  const rule = { maxScatterDb: 3, lowerDb: 2 };
  it('lets a fit with the class through under the N threshold, not one without', () => {
    const under = thresholdDb(1000) - 1;
    expect(passAt(aFit({ decisionDb: under }), 1000, rule)).toBe('rule');
    const spread = aFit({ decisionDb: under, slots: [slot(50), slot(70), slot(60), slot(60)] });
    expect(passAt(spread, 1000, rule)).toBeNull();
    expect(hasClass(fitFeatures(spread), rule)).toBe(false);
    expect(passAt(aFit({ decisionDb: thresholdDb(1000) - 3 }), 1000, rule)).toBeNull();
    expect(passAt(aFit({ decisionDb: thresholdDb(1000) }), 1000, rule)).toBe('threshold');
  });
});

describe('bestPerPattern', () => {
  it('keeps the best reading of each pattern per cluster', () => {
    const fits = [
      aFit({ t: 1, decisionDb: 10 }),
      aFit({ t: 2, decisionDb: 12 }),
      aFit({ t: 9, decisionDb: 10.5 }),
      aFit({ id: 'D2', t: 2, decisionDb: 10 }),
    ];
    expect(bestPerPattern(fits).map((f) => `${f.id}@${f.t}`)).toEqual(['D1@2', 'D2@2', 'D1@9']);
  });
});
