import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mixToMono } from './mix-to-mono.ts';

const unit = fc.float32Array({ noNaN: true, noDefaultInfinity: true, min: -1, max: 1, maxLength: 200 });

describe('mixToMono', () => {
  it('averages channels', () => {
    const mono = mixToMono({
      sampleRate: 8000,
      channels: [Float32Array.from([1, 0.5]), Float32Array.from([0, -0.5])],
    });
    expect(Array.from(mono)).toEqual([0.5, 0]);
  });

  it('stays within [-1, 1] for inputs within it, whatever the channel count and lengths', () => {
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 8 }), (channels) => {
        const mono = mixToMono({ sampleRate: 44_100, channels });
        expect(mono.length).toBe(Math.max(...channels.map((c) => c.length)));
        for (const x of mono) expect(Math.abs(x)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('returns a copy for mono and nothing for no channels', () => {
    const channel = Float32Array.from([0.1]);
    const mono = mixToMono({ sampleRate: 8000, channels: [channel] });
    expect(mono).not.toBe(channel);
    expect(Array.from(mono)).toEqual([Math.fround(0.1)]);
    expect(mixToMono({ sampleRate: 8000, channels: [] }).length).toBe(0);
  });
});
