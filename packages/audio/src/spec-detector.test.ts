import { describe, expect, it } from 'vitest';
import { createDetector } from './create-detector.ts';
import { embedTrigger } from './embed-trigger.ts';
import { SPEC_WINDOW, SpecPeakFinder } from './spec-peaks.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 800, 700, 900] };

function withTrigger(rate: number, seconds: number, at: number, pattern: number[]): Float32Array {
  const bed = whiteNoise(Math.round(rate * seconds), 0.005, 2);
  return embedTrigger(
    bed,
    synthesizeTrigger({ frequencies: pattern, sampleRate: rate }),
    Math.round(at * rate),
  );
}

describe('spec detector', () => {
  for (const rate of [44_100, 48_000]) {
    for (const block of [1, 127, 4096]) {
      it(`detects a trigger at ${rate} Hz in blocks of ${block}, on a 300 ms analysis grid`, () => {
        const detector = createDetector('spec', { sampleRate: rate, triggers: [A, B] });
        const found = pushInBlocks(withTrigger(rate, 5, 1, A.frequencyPattern), block, (b) =>
          detector.push(b),
        );
        expect(found.map((d) => d.triggerId)).toEqual(['a']);
        const t = found[0]?.timeSec ?? 0;
        // Three tones in order are enough for a 0.75 score, so it fires before the end (3 s).
        expect(t).toBeGreaterThan(2);
        expect(t).toBeLessThanOrEqual(3.3);
        expect((t * 10) % 3).toBeCloseTo(0, 6);
        expect(found[0]?.score).toBeGreaterThanOrEqual(0.6);
        expect(detector.kind).toBe('spec');
      });
    }
  }

  it('stays silent on silence, noise and the reversed pattern', () => {
    const rate = 44_100;
    const run = (samples: Float32Array) => {
      const detector = createDetector('spec', { sampleRate: rate, triggers: [A] });
      return pushInBlocks(samples, 1024, (b) => detector.push(b));
    };
    expect(run(new Float32Array(rate * 4))).toEqual([]);
    expect(run(whiteNoise(rate * 10, 0.2, 9))).toEqual([]);
    expect(run(withTrigger(rate, 5, 1, [1800, 1500, 1200, 1000]))).toEqual([]);
  });

  it('keeps 2000 ms between callbacks, across triggers', () => {
    const rate = 44_100;
    let samples = withTrigger(rate, 8, 0.5, A.frequencyPattern);
    samples = embedTrigger(
      samples,
      synthesizeTrigger({ frequencies: B.frequencyPattern, sampleRate: rate }),
      2.3 * rate,
    );
    const gapped = createDetector('spec', { sampleRate: rate, triggers: [A, B] });
    const found = pushInBlocks(samples, 2048, (b) => gapped.push(b));
    for (let i = 1; i < found.length; i++) {
      expect((found[i]?.timeSec ?? 0) - (found[i - 1]?.timeSec ?? 0)).toBeGreaterThanOrEqual(2 - 1e-9);
    }
    expect(found[0]?.triggerId).toBe('a');
  });
});

describe('SpecPeakFinder', () => {
  it('reads magnitudes on the 16-bit amplitude scale and applies the floor of 100', () => {
    const rate = 44_100;
    const finder = new SpecPeakFinder(rate);
    const window = (amplitude: number, f: number) =>
      Float64Array.from(
        { length: SPEC_WINDOW },
        (_, i) => amplitude * Math.sin((2 * Math.PI * f * i) / rate),
      );
    const [peak] = finder.find(window(0.15, 1000), () => true);
    expect(peak?.frequency).toBeCloseTo(1000, -1);
    expect(peak?.magnitude).toBeGreaterThan(0.15 * 32768 * 0.8);
    expect(peak?.magnitude).toBeLessThan(0.15 * 32768 * 1.05);
    // 0.002 x 32768 = 65 < 100: below the floor, no peak.
    expect(finder.find(window(0.002, 1000), () => true)).toEqual([]);
  });

  it('keeps at most four peaks and merges those within 5 %', () => {
    const rate = 48_000;
    const finder = new SpecPeakFinder(rate);
    // 1700 Hz is within 5 % of the stronger 1780 Hz and merges into it; 600 Hz is the weakest.
    const tones = [600, 1000, 1300, 1700, 1780, 1950];
    const samples = Float64Array.from({ length: SPEC_WINDOW }, (_, i) =>
      tones.reduce((sum, f, k) => sum + (0.05 + 0.01 * k) * Math.sin((2 * Math.PI * f * i) / rate), 0),
    );
    const near = (got: number[], want: number[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach((f, i) => {
        expect(Math.abs(f - (want[i] ?? 0))).toBeLessThan(8);
      });
    };
    const peaks = finder.find(samples, () => true);
    near(
      peaks.map((p) => p.frequency).sort((a, b) => a - b),
      [1000, 1300, 1780, 1950],
    );
    near(
      finder
        .find(samples, (f) => f < 1100)
        .map((p) => p.frequency)
        .sort((a, b) => a - b),
      [600, 1000],
    );
  });
});
