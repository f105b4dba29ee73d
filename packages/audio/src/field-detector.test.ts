import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { resample } from './resample.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { busyMusic, pushInBlocks, seededRandom, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, Signal, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };

/** The trigger as a player would output it at `speed` (pitch and time) and `tempo` (time only). */
function played(spec: TriggerSpec, speed = 1, tempo = 1, signal: Signal = 'audible'): Float32Array {
  const tone = synthesizeTrigger({
    frequencies: spec.frequencyPattern,
    sampleRate: RATE,
    durationMs: 2000 / tempo,
    signal,
  });
  return speed === 1 ? tone : resample(tone, RATE * speed, RATE);
}

function bed(seconds: number): Float32Array {
  return whiteNoise(Math.round(RATE * seconds), 0.01, 7);
}

function detect(samples: Float32Array, triggers: TriggerSpec[], block = 512): Detection[] {
  const detector = new FieldDetector({ sampleRate: RATE, triggers });
  return pushInBlocks(samples, block, (b) => detector.push(b));
}

/** 24 distinct grid patterns, as a creator's set might hold. */
function gridTriggers(count: number, seed: number): TriggerSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `t${i}`,
    frequencyPattern: Array.from({ length: 4 }, () => 500 + 50 * Math.floor(random() * 31)),
  }));
}

describe('field detector', () => {
  for (const speed of [0.96, 0.99, 1, 1.003, 1.02, 1.05]) {
    it(`detects a trigger played at speed ${speed} and reports the speed, tempo and SNR`, () => {
      const tone = played(A, speed);
      const at = 1.3;
      const found = detect(embedTrigger(bed(6), tone, Math.round(at * RATE)), [A, B]);
      expect(found.map((d) => d.triggerId)).toEqual(['a']);
      const d = found[0] as Detection;
      const end = at + tone.length / RATE;
      expect(d.timeSec).toBeGreaterThanOrEqual(end);
      expect(d.timeSec).toBeLessThan(end + 0.5);
      expect(d.speed).toBeCloseTo(speed, 2);
      expect(Math.abs((d.tempo ?? 0) - 1)).toBeLessThan(0.06);
      expect(d.snrDb).toBeGreaterThan(15);
    });
  }

  for (const tempo of [0.8, 1.25]) {
    it(`detects a trigger at tempo ${tempo} (times scaled, pitch kept)`, () => {
      const found = detect(embedTrigger(bed(6), played(A, 1, tempo), RATE), [A, B]);
      expect(found.map((d) => d.triggerId)).toEqual(['a']);
      expect(found[0]?.speed).toBeCloseTo(1, 2);
      expect(Math.abs((found[0]?.tempo ?? 0) - tempo)).toBeLessThan(0.06 * tempo);
    });
  }

  it('detects a stretch at tempo 1.25 whose tones moved opposite ways, soon after it ends', () => {
    // WSOLA moves each slot's tone a few Hz on its own: 1200 - 4 then 1500 + 4 is 0.6 % off the ratio.
    const tone = synthesizeTrigger({
      frequencies: [1000, 1196, 1504, 1796],
      sampleRate: RATE,
      durationMs: 1600,
    });
    const at = 1.3;
    const found = detect(embedTrigger(bed(6), tone, Math.round(at * RATE)), [A, B]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(Math.abs((found[0]?.tempo ?? 0) - 1.25)).toBeLessThan(0.06);
    expect(found[0]?.timeSec ?? 0).toBeLessThan(at + tone.length / RATE + 0.45);
  });

  it('never lowers its thresholds under those of 24 triggers, however few it listens for', () => {
    const at = (count: number) =>
      new FieldDetector({ sampleRate: RATE, triggers: gridTriggers(count, 3) }).decisionThresholdDb;
    expect(at(1)).toBe(at(24));
    expect(at(4)).toBe(at(24));
    expect(at(1000)).toBeGreaterThan(at(24) + 1.5);
  });

  it('detects a stretch at tempo 1.25 whose last tone a splice began a tenth of a slot early', () => {
    // A stretcher splices grains where the programme correlates, so a tone can begin early over
    // the one before: that boundary crosses early and the boundary fit's line through three
    // crossings comes out short, outside its grid's reach. The searched timing still reads it.
    // (A fifth of a slot early was read only while a listener for 2 triggers had thresholds under
    // those of 24; since they are floored at 24's it is not proposed, as at 24 it never was.)
    // Three tones 3-4 Hz off as the stretcher moves them, one on its grid tone: a played stretch
    // keeps one within 2.74 Hz (pitch-kept-off-grid.ts; the first tone was 1003 Hz, which that
    // rule now reads as music, and at 1001-1002 Hz the base detector missed the pattern too).
    const slot = Math.round(0.4 * RATE);
    const tone = new Float32Array(4 * slot);
    [1000, 1196, 1504, 1797].forEach((hz, k) => {
      const part = synthesizeTrigger({ frequencies: [hz], sampleRate: RATE, durationMs: 400 });
      // The early grain replaces the end of the tone before it, as a splice does.
      tone.set(part, k * slot - (k === 3 ? Math.round(0.1 * slot) : 0));
    });
    const at = 1.3;
    const found = detect(embedTrigger(bed(6), tone, Math.round(at * RATE)), [A, B]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(Math.abs((found[0]?.tempo ?? 0) - 1.25)).toBeLessThan(0.06 * 1.25);
    expect(found[0]?.timeSec ?? 0).toBeLessThan(at + tone.length / RATE + 1);
  });

  it('detects ultrasonic, combined and streaming triggers played off speed', () => {
    for (const signal of ['ultrasonic', 'combined', 'streaming'] as const) {
      const spec = { ...A, signal };
      const found = detect(embedTrigger(bed(6), played(A, 1.01, 1, signal), RATE), [spec]);
      expect(found.map((d) => d.triggerId)).toEqual(['a']);
      expect(found[0]?.speed).toBeCloseTo(1.01, 3);
    }
  });

  it('reports the same detection whatever the block size', () => {
    const samples = embedTrigger(bed(5), played(A, 1.02), RATE);
    const base = detect(samples, [A, B], 4096);
    expect(base).toHaveLength(1);
    for (const block of [1, 128, 1000]) expect(detect(samples, [A, B], block)).toEqual(base);
  });

  it('stays silent on silence, white noise and busy music with 24 triggers', () => {
    const triggers = gridTriggers(24, 5);
    expect(detect(new Float32Array(RATE * 3), triggers)).toEqual([]);
    expect(detect(whiteNoise(RATE * 10, 0.1, 3), triggers)).toEqual([]);
    expect(detect(busyMusic(RATE, 20, 11), triggers)).toEqual([]);
  });

  it('finds a trigger mixed at 15 % into busy music', () => {
    const music = busyMusic(RATE, 6, 2, 0.5);
    const found = detect(embedTrigger(music, played(A, 1.01), Math.round(1.5 * RATE)), [A, B]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
  });

  it('detects two different triggers overlapping by half', () => {
    const bedAudio = bed(8);
    const first = embedTrigger(bedAudio, played(A), RATE);
    const both = embedTrigger(first, played(B), 2 * RATE);
    const found = detect(both, [A, B]);
    expect(found.map((d) => d.triggerId).sort()).toEqual(['a', 'b']);
  });

  it('detects the same trigger played twice back to back, once per occurrence', () => {
    const tone = played(A);
    const once = embedTrigger(bed(8), tone, RATE);
    const twice = embedTrigger(once, tone, RATE + tone.length);
    const found = detect(twice, [A, B]);
    expect(found.map((d) => d.triggerId)).toEqual(['a', 'a']);
    expect((found[1]?.timeSec ?? 0) - (found[0]?.timeSec ?? 0)).toBeCloseTo(2, 0);
  });

  it('detects back to back a trigger that starts and ends on the same tone, once per occurrence', () => {
    // The second play's slot before the pattern holds the first play's last tone (1450 Hz), which
    // is also its own first tone: that slot is no reference for it.
    const C: TriggerSpec = { id: 'c', frequencyPattern: [1450, 1000, 1100, 1450] };
    const tone = played(C);
    const noisy = whiteNoise(8 * RATE, 0.05, 7);
    const twice = embedTrigger(embedTrigger(noisy, tone, RATE), tone, RATE + tone.length);
    expect(detect(twice, [A, B, C]).map((d) => d.triggerId)).toEqual(['c', 'c']);
  });

  it('detects a pattern that plays a tone again two slots later, through a reverberant tail', () => {
    // 2000-1000-850-1000: the first 1000 Hz rings on (RT60 0.5 s) under the 850 Hz slot, so its
    // track does not end before the second 1000 Hz begins.
    const C: TriggerSpec = { id: 'c', frequencyPattern: [2000, 1000, 850, 1000] };
    const slot = RATE / 2;
    const wet = new Float32Array(4 * slot + RATE);
    wet.set(played(C));
    C.frequencyPattern.forEach((hz, k) => {
      // Each tone decays 60 dB over 0.5 s after its slot, from a third of its level.
      for (let i = 0; i < RATE / 2; i++) {
        const at = (k + 1) * slot + i;
        const decay = 0.3 * 10 ** ((-3 * i) / (RATE / 2));
        wet[at] = (wet[at] as number) + decay * Math.sin((2 * Math.PI * hz * at) / RATE);
      }
    });
    expect(detect(embedTrigger(bed(6), wet, RATE), [A, B, C]).map((d) => d.triggerId)).toEqual(['c']);
  });

  it('honours an explicit cooldown per trigger', () => {
    const tone = played(A);
    const twice = embedTrigger(embedTrigger(bed(8), tone, RATE), tone, RATE + tone.length);
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [A], cooldownMs: 3000 });
    expect(pushInBlocks(twice, 512, (b) => detector.push(b))).toHaveLength(1);
  });

  it('listens for 3,000 triggers and still finds the one played, off speed', () => {
    // None of the others shares two slots with A: pairs closer than that are what the product's
    // pattern-safety check warns creators about.
    const others = gridTriggers(6_000, 9)
      .filter((t) => t.frequencyPattern.filter((f, i) => f === A.frequencyPattern[i]).length < 2)
      .slice(0, 2_999);
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [...others, A] });
    const found = pushInBlocks(embedTrigger(bed(4.5), played(A, 0.98), RATE), 1024, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
  });

  it('survives NaN samples and keeps detecting afterwards', () => {
    const samples = embedTrigger(bed(6), played(A), Math.round(2.5 * RATE));
    samples.fill(Number.NaN, RATE, RATE + 100);
    expect(detect(samples, [A]).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('setTriggers swaps the active set and reset restarts stream time', () => {
    const samples = embedTrigger(bed(5), played(B), RATE);
    const detector = new FieldDetector({ sampleRate: RATE, triggers: [A] });
    expect(pushInBlocks(samples, 512, (b) => detector.push(b))).toEqual([]);
    detector.setTriggers([B]);
    detector.reset();
    const found = pushInBlocks(samples, 512, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['b']);
    expect(found[0]?.timeSec).toBeLessThan(4);
  });
});
