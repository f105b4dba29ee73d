import { describe, expect, it } from 'vitest';
import { HannWindowEnergies } from './hann-window-energies.ts';
import { seededRandom } from './testing/synthetic-audio.ts';
import { ToneBank } from './tone-bank.ts';

/** Direct DTFT of x[from, to) at f, with the phase of the absolute index. */
function dtft(
  x: Float32Array,
  f: number,
  rate: number,
  from: number,
  to: number,
  weight = (_i: number) => 1,
) {
  let re = 0;
  let im = 0;
  for (let n = from; n < to; n++) {
    const w = weight(n) * (x[n] ?? 0);
    re += w * Math.cos((2 * Math.PI * f * n) / rate);
    im -= w * Math.sin((2 * Math.PI * f * n) / rate);
  }
  return { re, im };
}

describe('ToneBank', () => {
  const rate = 48_000;
  const hop = 480;
  const random = seededRandom(8);
  const x = Float32Array.from(
    { length: hop * 40 },
    (_, n) => 0.3 * Math.sin((2 * Math.PI * 18_000 * n) / rate) + random() - 0.5,
  );

  it('gives each hop the exact DTFT at full rate (ultrasonic lane), phase-referred to the stream', () => {
    const bank = new ToneBank(rate, hop, [18_000, 19_333.3], 64);
    for (let at = 0; at < x.length; ) {
      const to = Math.min(at + 100, at + bank.remaining);
      bank.feed(x, at, to);
      at = to;
    }
    for (const h of [0, 7, 39]) {
      for (const [f, id] of [
        [18_000, 0],
        [19_333.3, 1],
      ] as const) {
        const want = dtft(x, f, rate, h * hop, (h + 1) * hop);
        expect(bank.re[id * 64 + h]).toBeCloseTo(want.re, 6);
        expect(bank.im[id * 64 + h]).toBeCloseTo(want.im, 6);
      }
    }
  });

  it('sums of hops equal one long DFT on the decimated lane (coherence across hops)', () => {
    const tone = Float32Array.from(
      { length: hop * 40 },
      (_, n) => 0.1 * Math.cos((2 * Math.PI * 1234 * n) / rate + 0.3),
    );
    const bank = new ToneBank(rate, hop, [1234], 64);
    for (let h = 0; h < 40; h++) bank.feed(tone, h * hop, (h + 1) * hop);
    let re = 0;
    let im = 0;
    for (let h = 10; h < 40; h++) {
      re += bank.re[h] ?? 0;
      im += bank.im[h] ?? 0;
    }
    const want = dtft(tone, 1234, rate, 10 * hop, 40 * hop);
    // The decimator's low-pass delays the signal by a fixed ~1 ms: same magnitude, rotated phase.
    expect(Math.hypot(re, im)).toBeCloseTo(Math.hypot(want.re, want.im), 0);
    expect(Math.hypot(re, im) / Math.hypot(want.re, want.im)).toBeCloseTo(1, 2);
  });
});

describe('HannWindowEnergies', () => {
  it('slides a Hann-weighted coherent sum in O(1) that equals the direct sum', () => {
    const rate = 44_100;
    const hop = 441;
    const random = seededRandom(3);
    const x = Float32Array.from({ length: hop * 1200 }, () => random() - 0.5);
    const bank = new ToneBank(rate, hop, [20_000], 64);
    const energies = new HannWindowEnergies();
    const id = energies.register(0, 25);
    energies.start(64);
    for (let h = 0; h < 1200; h++) {
      bank.feed(x, h * hop, (h + 1) * hop);
      energies.update(bank);
      if (h === 20 || h === 1100 || h === 1030) {
        const first = (h - 24) * hop;
        const want = dtft(x, 20_000, rate, Math.max(0, first), (h + 1) * hop, (n) => {
          const i = Math.floor((n - first) / hop);
          return Math.sin((Math.PI * (i + 0.5)) / 25) ** 2;
        });
        expect(energies.energyAt(id, h)).toBeCloseTo(want.re ** 2 + want.im ** 2, 6);
      }
    }
    expect(energies.energyAt(id, -1)).toBe(0);
  });
});
