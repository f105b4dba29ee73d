import { describe, expect, it } from 'vitest';
import { FieldDetector } from './field-detector.ts';
import { resample } from './resample.ts';
import {
  CONSENSUS_MEMORY_SEC,
  CONSENSUS_MIN_DB,
  DISAGREE_RAISE_DB,
  StreamSpeedConsensus,
} from './stream-speed-consensus.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, TriggerSpec } from './types.ts';

describe('stream-speed consensus', () => {
  it('has no opinion until a strong detection measured the stream', () => {
    const c = new StreamSpeedConsensus();
    expect(c.disagrees(1, 1, 5)).toBe(false);
    c.record(1.02, 1, CONSENSUS_MIN_DB - 0.1, 5);
    expect(c.disagrees(1, 1, 6)).toBe(false);
  });

  it('holds a fit at another speed or a far tempo as disagreeing, one at the measured speed not', () => {
    const c = new StreamSpeedConsensus();
    c.record(1.02, 1.001, CONSENSUS_MIN_DB + 5, 10);
    // The tuning split's chance fits: speed 1.011 and 0.998 against 1.020, 1.2 s later.
    expect(c.disagrees(1.011, 1, 11.2)).toBe(true);
    expect(c.disagrees(0.998, 1, 11.2)).toBe(true);
    // A played trigger reads the stream's speed to +-0.05 % and tempo 0.97-1.13.
    expect(c.disagrees(1.0205, 1.12, 11.2)).toBe(false);
    expect(c.disagrees(1.0195, 0.97, 11.2)).toBe(false);
    // A pitch-kept fit past 1.25 in a stream played at 1.002 (tuning seed 4, T22).
    const d = new StreamSpeedConsensus();
    d.record(1.002, 1.0, CONSENSUS_MIN_DB + 5, 10);
    expect(d.disagrees(1.0, 1.269, 12)).toBe(true);
    expect(d.disagrees(1.0, 1.0, 12)).toBe(false);
  });

  it('lets a tempo between 1 and the measured one agree (a stretched trigger found by its made timing)', () => {
    const c = new StreamSpeedConsensus();
    c.record(1, 1.1, CONSENSUS_MIN_DB + 5, 10);
    expect(c.disagrees(1, 1.0, 12)).toBe(false);
    expect(c.disagrees(1, 1.02, 12)).toBe(false);
    expect(c.disagrees(0.98, 1.1, 12)).toBe(true);
    // Under tempo 0.8 a played trigger read at 1.064 (held-out T05); a fit at 1.25 there disagrees.
    const slow = new StreamSpeedConsensus();
    slow.record(1, 0.8, CONSENSUS_MIN_DB + 5, 10);
    expect(slow.disagrees(1.0005, 1.064, 12)).toBe(false);
    expect(slow.disagrees(1, 0.65, 12)).toBe(false);
    expect(slow.disagrees(1, 1.251, 12)).toBe(true);
  });

  it('takes the stream tempo as the median of the readings at its speed, so one misread is outvoted', () => {
    // Tuning seed 4, speed 1.002: readings at tempo 0.98-1.02, then the played T16 misread at
    // 1.212 (17.7 dB); a chance T22 at speed 1.000, tempo 1.269 agreed with that one reading.
    const c = new StreamSpeedConsensus();
    for (const [i, tempo] of [0.98, 1.017, 1.0, 0.996, 1.005, 0.98, 1.0].entries())
      c.record(1.002, tempo, CONSENSUS_MIN_DB + 5, 300 + 7 * i);
    c.record(1.002, 1.212, CONSENSUS_MIN_DB + 1.7, 348.2);
    expect(c.disagrees(1.0, 1.269, 348.9)).toBe(true);
    // Played triggers around the stream's tempo still agree, the misread's own tempo too.
    expect(c.disagrees(1.002, 1.0, 348.9)).toBe(false);
    expect(c.disagrees(1.002, 1.2, 348.9)).toBe(false);
    // A stream measured at 1.25 by most readings keeps a fit at 1.25, past one reading at 1.0.
    const fast = new StreamSpeedConsensus();
    for (const [i, tempo] of [1.25, 1.0, 1.248].entries())
      fast.record(1, tempo, CONSENSUS_MIN_DB + 5, 10 + 8 * i);
    expect(fast.disagrees(1, 1.26, 30)).toBe(false);
    // A reading at another speed takes no part in this stream's tempo (a second loudspeaker).
    const two = new StreamSpeedConsensus();
    two.record(1, 1.25, CONSENSUS_MIN_DB + 5, 10);
    two.record(0.95, 1.0, CONSENSUS_MIN_DB + 5, 11);
    two.record(0.95, 1.0, CONSENSUS_MIN_DB + 5, 12);
    expect(two.disagrees(1, 1.25, 13)).toBe(false);
  });

  it('agrees with any recent reading (a second loudspeaker) and forgets old ones', () => {
    const c = new StreamSpeedConsensus();
    c.record(1.02, 1, CONSENSUS_MIN_DB, 10);
    c.record(0.98, 1, CONSENSUS_MIN_DB, 20);
    expect(c.disagrees(1.02, 1, 21)).toBe(false);
    expect(c.disagrees(0.98, 1, 21)).toBe(false);
    expect(c.disagrees(1, 1, 21)).toBe(true);
    // Past the memory of the first reading only the second holds; past both, none.
    expect(c.disagrees(1.02, 1, 10 + CONSENSUS_MEMORY_SEC + 1)).toBe(true);
    expect(c.disagrees(1, 1, 20 + CONSENSUS_MEMORY_SEC + 1)).toBe(false);
    c.record(1.05, 1, CONSENSUS_MIN_DB, 100);
    c.clear();
    expect(c.disagrees(1, 1, 101)).toBe(false);
  });
});

describe('field detector: stream-speed consensus', () => {
  const RATE = 44_100;
  const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
  const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };
  const played = (spec: TriggerSpec, speed: number): Float32Array => {
    const tone = synthesizeTrigger({
      frequencies: spec.frequencyPattern,
      sampleRate: RATE,
      durationMs: 2000,
    });
    return speed === 1 ? tone : resample(tone, RATE * speed, RATE);
  };
  /** A strong `a` (if `aSpeed`) at 1 s, then a faint `b` at `bSpeed` 1.2 s after it ends. */
  function detect(aSpeed: number | undefined, bSpeed: number): Detection[] {
    const audio = whiteNoise(RATE * 9, 0.01, 7);
    const a = played(A, aSpeed ?? 1);
    if (aSpeed !== undefined) for (let i = 0; i < a.length; i++) audio[RATE + i] += 0.1 * (a[i] as number);
    const b = played(B, bSpeed);
    const from = RATE + a.length + Math.round(1.2 * RATE);
    // Faint: on the base it reads 11.9-12.6 dB, over the threshold (9 dB here) by less than the raise.
    for (let i = 0; i < b.length; i++) audio[from + i] += 0.008 * (b[i] as number);
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [A, B] });
    expect(detector.decisionThresholdDb + DISAGREE_RAISE_DB).toBeGreaterThan(12.6);
    return pushInBlocks(audio, 512, (x) => detector.push(x));
  }

  it('asks more of a faint fit at a speed the stream was just measured off', () => {
    expect(detect(1.02, 1).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('still reports the same faint trigger at the measured speed, or with no measurement before it', () => {
    expect(detect(1.02, 1.02).map((d) => [d.triggerId, d.speed])).toEqual([
      ['a', 1.02],
      ['b', 1.02],
    ]);
    expect(detect(undefined, 1).map((d) => d.triggerId)).toEqual(['b']);
  });
});
