import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldFrontEnd } from './field-front-end.ts';
import { prescreenOrder, prescreenScore, prescreenThresholds } from './field-prescreen.ts';
import { prescreenRatio, SlotSpans, toneRatioBound } from './field-prescreen-read.ts';
import { type FieldLimits, readSlot, scorePattern } from './field-score.ts';
import { type FieldPlan, planFieldTrigger } from './field-trigger-plan.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { busyMusic, seededRandom } from './testing/synthetic-audio.ts';

const RATE = 44_100;
const LIMITS: FieldLimits = { minRatio: 10 ** 0.4, minSteady: 10 ** -0.8, maxFrequencyErrorBins: 0.35 };

describe('prescreenScore', () => {
  it('gives the capped mean scorePattern gives wherever that reaches the floor, and gives up only below it', () => {
    const random = seededRandom(3);
    const played = [1000, 1200, 1500, 1800];
    const front = new FieldFrontEnd(RATE, 10);
    const hopSec = front.hopSize / RATE;
    const plans = Array.from({ length: 40 }, (_, i) => {
      const pattern =
        i === 0 ? played : Array.from({ length: 4 }, () => 500 + 50 * Math.floor(random() * 31));
      return planFieldTrigger(
        { id: `p${i}`, frequencyPattern: pattern },
        i,
        hopSec,
        front.laneRate,
        () => true,
      );
    }).filter((p): p is FieldPlan => p !== undefined);
    const frameSize = (plans[0] as FieldPlan).frameSize;
    const lane = front.addLane(0, frameSize, 1200);
    const tone = synthesizeTrigger({ frequencies: played, sampleRate: RATE });
    const audio = embedTrigger(busyMusic(RATE, 8, 4, 0.5), tone, 3 * RATE);
    for (let at = 0; at < audio.length; ) {
      const take = Math.min(audio.length - at, front.remaining);
      front.feed(audio, at, at + take);
      at += take;
    }
    const scratch = new Float64Array(4);
    let completed = 0;
    let reachedFloor = 0;
    for (const plan of plans.filter((p) => p.frameSize === frameSize)) {
      for (let start = 150; start < 500; start += 7.3) {
        for (const speed of [0.97, 1, 1.02]) {
          const h = { start, slot: plan.slotHops / speed, speed };
          const full = scorePattern(plan, [lane], h, LIMITS, false);
          for (const floor of [Number.NEGATIVE_INFINITY, 0, 8, 12]) {
            for (const anchor of [1, 2, 3]) {
              const quick = prescreenScore(plan, [lane], h, prescreenOrder(4, anchor), floor, scratch);
              if (full && full.cappedMeanDb >= floor) {
                expect(quick).toBe(full.cappedMeanDb);
                completed++;
                if (floor === 12) reachedFloor++;
              } else expect(quick).toBe(Number.NEGATIVE_INFINITY);
            }
          }
        }
      }
    }
    // The played pattern reaches the highest floor at its own timing; chance hypotheses do not.
    expect(reachedFloor).toBeGreaterThan(0);
    expect(completed).toBeGreaterThan(reachedFloor);
  });

  it('reads each slot as readSlot does, the same number, wherever the hypothesis starts', () => {
    const random = seededRandom(5);
    const front = new FieldFrontEnd(RATE, 10);
    const hopSec = front.hopSize / RATE;
    const plans = Array.from({ length: 30 }, (_, i) =>
      planFieldTrigger(
        {
          id: `g${i}`,
          // Some patterns repeat a tone (their reference leaves those slots out).
          frequencyPattern:
            i % 5 === 0
              ? [1000, 850, 1000, 1200]
              : Array.from({ length: 4 }, () => 500 + 50 * Math.floor(random() * 31)),
        },
        i,
        hopSec,
        front.laneRate,
        () => true,
      ),
    ).filter((p): p is FieldPlan => p !== undefined);
    const lane = front.addLane(0, (plans[0] as FieldPlan).frameSize, 1200);
    const audio = busyMusic(RATE, 8, 6, 0.5);
    for (let at = 0; at < audio.length; ) {
      const take = Math.min(audio.length - at, front.remaining);
      front.feed(audio, at, at + take);
      at += take;
    }
    let read = 0;
    let unheld = 0;
    let bounded = 0;
    const spans = new SlotSpans();
    for (const plan of plans.filter((p) => p.frameSize === lane.frameSize)) {
      // From before the stream began (frames there read as silence) to past its newest hop.
      for (let start = -60; start < 800; start += 11.7) {
        for (const speed of [0.96, 1, 1.03]) {
          const h = { start, slot: plan.slotHops / speed, speed };
          spans.set(lane, h, plan.slotCount);
          for (let k = 0; k < plan.slotCount; k++) {
            const whole = readSlot(plan, 0, lane, h, k, false, true);
            const r = prescreenRatio(plan, 0, lane, h, k, spans);
            if (whole) {
              expect(r).toBe(whole.ratio);
              // The tone over its neighbours alone never reads under the ratio (the prescreen gives
              // up on it before reading the reference).
              const bound = toneRatioBound(lane, spans, k);
              expect(bound).toBeGreaterThanOrEqual(r);
              if (bound > r) bounded++;
              read++;
            } else {
              expect(r).toBe(-1);
              unheld++;
            }
          }
        }
      }
    }
    expect(read).toBeGreaterThan(1000);
    expect(unheld).toBeGreaterThan(0);
    // In busy music the reference, not the neighbours, sets most ratios.
    expect(bounded).toBeGreaterThan(read / 4);
  });

  it('reads the slots away from the proposing pair of tracks first', () => {
    expect(prescreenOrder(4, 1)).toEqual([3, 2, 0, 1]);
    expect(prescreenOrder(4, 3)).toEqual([0, 1, 2, 3]);
    expect(prescreenOrder(5, 2)).toEqual([4, 0, 3, 1, 2]);
  });
});

describe('prescreenThresholds', () => {
  it('gives up on a slot only under the least the sum of dB allows, and bounds the tones only under the floor', () => {
    const random = seededRandom(3);
    const capDb = 15;
    let near = 0;
    for (let trial = 0; trial < 20_000; trial++) {
      const slotCount = 3 + Math.floor(random() * 6);
      const floorDb = 4 + random() * 10;
      const t = prescreenThresholds(floorDb, slotCount);
      const need = floorDb * slotCount;
      // Slots read before slot i, as the prescreen reads and sums them.
      const i = Math.floor(random() * slotCount);
      let sum = 0;
      let product = 1;
      for (let j = 0; j < i; j++) {
        const ratio = 10 ** ((random() * 50 - 32) / 10);
        const capped = Math.min(Math.max(ratio, 1e-3), 10 ** 1.5);
        sum += Math.min(10 * Math.log10(Math.max(ratio, 1e-3)), capDb);
        product *= capped;
      }
      const least = need - sum - (slotCount - i - 1) * capDb;
      if (least <= -30) continue;
      const giveUp = (t.giveUp[i] as number) / product;
      // The exact boundary: a slot reading `least` dB; the give-up is under it, by the margin only.
      const boundary = 10 ** (least / 10);
      expect(giveUp).toBeLessThan(boundary);
      expect(giveUp).toBeGreaterThan(boundary * (1 - 1e-8));
      if (Math.abs(least) < 20) near++;
      // The tones' bound: under it, the first two slots with every later one at the cap miss the need.
      const a = 10 ** ((random() * 40 - 25) / 10);
      const b = t.toneBound / a;
      const dbSum =
        Math.min(10 * Math.log10(Math.max(a, 1e-3)), capDb) +
        Math.min(10 * Math.log10(Math.max(b, 1e-3)), capDb);
      if (a >= 1e-3 && a <= 10 ** 1.5 && b >= 1e-3 && b <= 10 ** 1.5)
        expect(dbSum + (slotCount - 2) * capDb).toBeLessThan(need);
    }
    expect(near).toBeGreaterThan(1000);
  });
});
