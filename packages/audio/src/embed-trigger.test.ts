import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embedTrigger, offsetToSamples } from './embed-trigger.ts';

const unit = (maxLength: number) =>
  fc.float32Array({ noNaN: true, noDefaultInfinity: true, min: -1, max: 1, maxLength });

describe('embedTrigger', () => {
  it('mixes 85 % original + 15 % trigger over the span, never leaves [-1, 1], and leaves the rest untouched', () => {
    fc.assert(
      fc.property(unit(400), unit(100), fc.integer({ min: -500, max: 900 }), (original, trigger, wanted) => {
        const out = embedTrigger(original, trigger, wanted);
        const length = Math.max(original.length, trigger.length);
        expect(out.length).toBe(length);
        const offset = Math.min(Math.max(0, wanted), length - trigger.length);
        for (let i = 0; i < length; i++) {
          const o = original[i] ?? 0;
          const x = out[i] ?? 0;
          expect(Math.abs(x)).toBeLessThanOrEqual(1);
          if (i >= offset && i < offset + trigger.length) {
            expect(x).toBeCloseTo(0.85 * o + 0.15 * (trigger[i - offset] ?? 0), 6);
          } else {
            expect(x).toBe(i < original.length ? original[i] : 0);
          }
        }
      }),
    );
  });

  it('clamps the offset so the trigger never overruns the end or starts before 0', () => {
    const original = new Float32Array(10);
    const trigger = new Float32Array(4).fill(1);
    expect(Array.from(embedTrigger(original, trigger, 9)).map((x) => x > 0)).toEqual([
      ...Array(6).fill(false),
      ...Array(4).fill(true),
    ]);
    expect(
      Array.from(embedTrigger(original, trigger, -3))
        .slice(0, 5)
        .map((x) => x > 0),
    ).toEqual([true, true, true, true, false]);
  });

  it('pads media shorter than the trigger with silence and starts the trigger at 0', () => {
    const out = embedTrigger(Float32Array.from([1, 1]), Float32Array.from([1, 1, 1, 1]), 3);
    expect(Array.from(out)).toEqual([1, 1, 0.15, 0.15].map(Math.fround));
  });
});

describe('offsetToSamples', () => {
  it('converts seconds and fractions and clamps so the whole trigger fits', () => {
    expect(offsetToSamples({ seconds: 2.5 }, 441_000, 44_100, 88_200)).toBe(110_250);
    expect(offsetToSamples({ fraction: 0.5 }, 441_000, 44_100, 88_200)).toBe(220_500);
    expect(offsetToSamples({ fraction: 1 }, 441_000, 44_100, 88_200)).toBe(352_800);
    expect(offsetToSamples({ seconds: 100 }, 441_000, 44_100, 88_200)).toBe(352_800);
    expect(offsetToSamples({ seconds: -1 }, 441_000, 44_100, 88_200)).toBe(0);
    expect(offsetToSamples({ fraction: Number.NaN }, 441_000, 44_100, 88_200)).toBe(0);
    expect(offsetToSamples({ fraction: 0.5 }, 1000, 44_100, 88_200)).toBe(0);
  });

  it('always returns a start at which embedTrigger places the whole trigger', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 3, noNaN: true }),
        fc.nat(10_000),
        fc.nat(5000),
        (fraction, total, trig) => {
          const offset = offsetToSamples({ fraction }, total, 8000, trig);
          expect(Number.isInteger(offset)).toBe(true);
          expect(offset).toBeGreaterThanOrEqual(0);
          expect(offset + trig).toBeLessThanOrEqual(Math.max(total, trig));
        },
      ),
    );
  });
});
