import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { decisionThresholdDb, RobustDetector, type RobustTuning } from './robust-detector.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { busyMusic, pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, Signal, TriggerSpec } from './types.ts';

const PATTERN = [1000, 1200, 1500, 1800];
const A: TriggerSpec = { id: 'a', frequencyPattern: PATTERN };

/** `seconds` of quiet noise with the trigger embedded (SPEC level) starting at `at` seconds. */
function programme(
  rate: number,
  seconds: number,
  at: number,
  pattern = PATTERN,
  extra: Partial<TriggerSpec> = {},
) {
  const bed = whiteNoise(Math.round(rate * seconds), 0.01, 7);
  const tone = synthesizeTrigger({
    frequencies: pattern,
    sampleRate: rate,
    ...(extra.durationMs ? { durationMs: extra.durationMs } : {}),
    ...(extra.signal ? { signal: extra.signal } : {}),
  });
  return { samples: embedTrigger(bed, tone, Math.round(at * rate)), end: at + tone.length / rate };
}

function detect(
  samples: Float32Array,
  rate: number,
  triggers: TriggerSpec[],
  block = 512,
  cooldownMs?: number,
  tuning?: Partial<RobustTuning>,
): Detection[] {
  const detector = new RobustDetector({
    sampleRate: rate,
    triggers,
    ...(cooldownMs ? { cooldownMs } : {}),
    ...(tuning ? { tuning } : {}),
  });
  return pushInBlocks(samples, block, (b) => detector.push(b));
}

/** `count` grid patterns other than PATTERN, never played: they only make the detector listen. */
function decoys(count: number): TriggerSpec[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `d${i}`,
    frequencyPattern: [
      500 + 50 * (i % 31),
      600 + 50 * ((i * 7) % 28),
      550 + 50 * ((i * 13) % 29),
      700 + 50 * ((i * 3) % 26),
    ],
  }));
}

describe('robust detector', () => {
  for (const rate of [44_100, 48_000]) {
    for (const block of [1, 127, 4096]) {
      it(`detects a trigger once, right after it ends, at ${rate} Hz in blocks of ${block}`, () => {
        const { samples, end } = programme(rate, 5, 1.3);
        const found = detect(
          samples,
          rate,
          [A, { id: 'b', frequencyPattern: [600, 900, 1300, 1700] }],
          block,
        );
        expect(found).toHaveLength(1);
        expect(found[0]?.triggerId).toBe('a');
        expect(found[0]?.timeSec).toBeGreaterThanOrEqual(end);
        expect(found[0]?.timeSec).toBeLessThan(end + 0.3);
        expect(found[0]?.score).toBeGreaterThan(0.9);
        expect(found[0]?.score).toBeLessThanOrEqual(1);
      });
    }
  }

  it('reports the same detection whatever the block size', () => {
    const { samples } = programme(44_100, 5, 1.1);
    const reference = detect(samples, 44_100, [A], 4096);
    for (const block of [1, 13, 441, 100_000]) expect(detect(samples, 44_100, [A], block)).toEqual(reference);
  });

  it('stays silent on silence, white noise and busy music without a trigger', () => {
    const rate = 44_100;
    expect(detect(new Float32Array(rate * 5), rate, [A])).toEqual([]);
    expect(detect(whiteNoise(rate * 20, 0.3, 1), rate, [A])).toEqual([]);
    expect(detect(busyMusic(rate, 20, 3), rate, [A])).toEqual([]);
  });

  it.each([
    ['two tones swapped', [1200, 1000, 1500, 1800]],
    ['reversed', [1800, 1500, 1200, 1000]],
    ['rotated by one slot', [1200, 1500, 1800, 1000]],
  ])('does not fire on the right tones in the wrong order (%s)', (_name, order) => {
    const { samples } = programme(44_100, 5, 1.2, order);
    expect(detect(samples, 44_100, [A])).toEqual([]);
  });

  it('finds a trigger mixed at 15 % into busy music with noise', () => {
    const rate = 48_000;
    const bed = busyMusic(rate, 12, 11, 0.5);
    const noise = whiteNoise(bed.length, 0.05, 5);
    const noisy = bed.map((x, i) => x + (noise[i] ?? 0));
    const tone = synthesizeTrigger({ frequencies: PATTERN, sampleRate: rate });
    const found = detect(embedTrigger(noisy, tone, 5 * rate), rate, [
      A,
      { id: 'z', frequencyPattern: [700, 1100, 1400, 1900] },
    ]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(found[0]?.timeSec).toBeGreaterThan(7);
    expect(found[0]?.timeSec).toBeLessThan(7.5);
  });

  it('tells apart triggers that share three of four slots', () => {
    const B: TriggerSpec = { id: 'b', frequencyPattern: [1000, 1200, 1500, 1850] };
    const C: TriggerSpec = { id: 'c', frequencyPattern: [1050, 1200, 1500, 1800] };
    for (const played of [A, B, C]) {
      const { samples } = programme(44_100, 5, 1.5, played.frequencyPattern);
      expect(detect(samples, 44_100, [A, B, C]).map((d) => d.triggerId)).toEqual([played.id]);
    }
  });

  it('waits for a trigger still playing whose tones would otherwise set off another one', () => {
    // A's slots 2 and 4 are B's slots 1 and 3. Music that happens to hold A's other tone
    // (1050 Hz) just before B and during B's second slot makes A a full match 500 ms before B ends.
    const rate = 44_100;
    const A2: TriggerSpec = { id: 'a2', frequencyPattern: [1050, 1800, 1050, 600] };
    const B2: TriggerSpec = { id: 'b2', frequencyPattern: [1800, 1500, 600, 850] };
    const start = 2;
    const { samples } = programme(rate, 7, start, B2.frequencyPattern);
    const note = synthesizeTrigger({
      frequencies: [1050],
      sampleRate: rate,
      durationMs: 500,
      amplitude: 0.0015,
    });
    for (const at of [start - 0.5, start + 0.5]) {
      const from = Math.round(at * rate);
      note.forEach((x, i) => {
        samples[from + i] = (samples[from + i] ?? 0) + x;
      });
    }
    // On its own, A's detector does fire on this sound, half a second before B has ended...
    expect(detect(samples, rate, [A2]).map((d) => d.triggerId)).toEqual(['a2']);
    // ...but with B active, A waits for B, B scores clearly higher, and only B fires.
    expect(detect(samples, rate, [A2, B2]).map((d) => d.triggerId)).toEqual(['b2']);
  });

  /** Adds a steady note (`hz` for `seconds`, starting at `at` s) to `samples`, in place. */
  function addNote(
    samples: Float32Array,
    rate: number,
    hz: number,
    at: number,
    seconds = 0.5,
    amplitude = 0.003,
  ) {
    const note = synthesizeTrigger({
      frequencies: [hz],
      sampleRate: rate,
      durationMs: seconds * 1000,
      amplitude,
    });
    const from = Math.round(at * rate);
    note.forEach((x, i) => {
      samples[from + i] = (samples[from + i] ?? 0) + x;
    });
  }

  it('fires only the played trigger when another one shares its tones a slot later', () => {
    // L's slot 3 is P's slot 4, one slot later (as with T02 and T06 of the benchmark); notes in the
    // programme supply L's other three tones, so L matches completely, half a second after P has
    // ended and fired. Sharing one tone, L is not a partner P would wait for.
    const rate = 44_100;
    const P: TriggerSpec = { id: 'played', frequencyPattern: [1800, 1500, 600, 850] };
    const L: TriggerSpec = { id: 'later', frequencyPattern: [1250, 1100, 850, 1400] };
    const start = 2;
    const { samples } = programme(rate, 8, start, P.frequencyPattern);
    addNote(samples, rate, 1250, start + 0.5);
    addNote(samples, rate, 1100, start + 1);
    addNote(samples, rate, 1400, start + 2);
    // On its own, L's detector does fire on this sound...
    expect(detect(samples, rate, [L]).map((d) => d.triggerId)).toEqual(['later']);
    // ...but its window covers three slots of P's, which already fired there: one sound, one trigger.
    expect(detect(samples, rate, [L, P]).map((d) => d.triggerId)).toEqual(['played']);
    expect(detect(samples, rate, [P, L]).map((d) => d.triggerId)).toEqual(['played']);
    // Without that rule both would fire.
    expect(detect(samples, rate, [P, L], 512, undefined, { maxOverlapSlots: 4 })).toHaveLength(2);
  });

  it('lets the better of two overlapping candidates fire, and both of two back-to-back triggers', () => {
    const rate = 44_100;
    const P: TriggerSpec = { id: 'played', frequencyPattern: [1800, 1500, 600, 850] };
    const L: TriggerSpec = { id: 'later', frequencyPattern: [1500, 1250, 850, 1100] };
    const Q: TriggerSpec = { id: 'next', frequencyPattern: [700, 1950, 1000, 1350] };
    const bed = whiteNoise(rate * 9, 0.01, 7);
    let samples = embedTrigger(
      bed,
      synthesizeTrigger({ frequencies: P.frequencyPattern, sampleRate: rate }),
      2 * rate,
    );
    samples = embedTrigger(
      samples,
      synthesizeTrigger({ frequencies: Q.frequencyPattern, sampleRate: rate }),
      4 * rate,
    );
    addNote(samples, rate, 1250, 3);
    const found = detect(samples, rate, [L, P, Q]);
    expect(found.map((d) => d.triggerId)).toEqual(['played', 'next']);
  });

  it('rejects notes near the tones that are not steady sines on them (off by hertz, vibrato)', () => {
    const rate = 44_100;
    const exact = programme(rate, 5, 1.2).samples;
    expect(detect(exact, rate, [A]).map((d) => d.triggerId)).toEqual(['a']);
    // The same melody 2.5 Hz sharp, as an instrument tuned differently would play it.
    const sharp = programme(
      rate,
      5,
      1.2,
      PATTERN.map((f) => f + 2.5),
    ).samples;
    expect(detect(sharp, rate, [A])).toEqual([]);
    expect(detect(sharp, rate, [A], 512, undefined, { minCoherenceDb: -100 })).toHaveLength(1);
  });

  it('asks more of a match the more triggers it listens for (11 dB at 24, 15 at 1,000, 16.2 at 3,000)', () => {
    const tuning = { minMeanDb: 11, meanDbPerDecade: 2.5 };
    expect(decisionThresholdDb(tuning, 1)).toBe(11);
    expect(decisionThresholdDb(tuning, 24)).toBe(11);
    expect(decisionThresholdDb(tuning, 1000)).toBeCloseTo(15.05, 2);
    expect(decisionThresholdDb(tuning, 3000)).toBeCloseTo(16.24, 2);
    // A trigger reading ~14 dB (faint, in noise) is heard among a few triggers, not among 1,000:
    // there, that good a fit is what chance gives some pattern every few minutes of music.
    const rate = 44_100;
    const tone = synthesizeTrigger({ frequencies: PATTERN, sampleRate: rate }).map((v) => v * 0.03);
    const samples = embedTrigger(whiteNoise(rate * 5, 0.01, 7), tone, Math.round(1.3 * rate));
    const few = detect(samples, rate, [A]);
    expect(few.map((d) => d.triggerId)).toEqual(['a']);
    expect(few[0]?.snrDb).toBeLessThan(15);
    expect(detect(samples, rate, [A, ...decoys(999)])).toEqual([]);
  });

  it('does not let one loud slot make up for weak others among many triggers (each slot counts at most 20 dB)', () => {
    const rate = 44_100;
    // Three faint tones (a few dB over the noise) and a loud fourth: a held note's signature.
    const tones = new Float32Array(2 * rate);
    PATTERN.forEach((f, k) => {
      const tone = synthesizeTrigger({ frequencies: [f], sampleRate: rate, durationMs: 500 });
      tones.set(
        tone.map((v) => v * (k === 3 ? 0.5 : 0.022)),
        Math.round(0.5 * k * rate),
      );
    });
    const samples = embedTrigger(whiteNoise(rate * 5, 0.01, 7), tones, Math.round(1.3 * rate));
    const triggers = [A, ...decoys(999)];
    const uncapped = detect(samples, rate, triggers, 512, undefined, { capSlotDb: Number.POSITIVE_INFINITY });
    expect(uncapped.map((d) => d.triggerId)).toEqual(['a']);
    expect(uncapped[0]?.snrDb).toBeGreaterThan(15);
    expect(detect(samples, rate, triggers)).toEqual([]);
  });

  it('applies the cooldown per trigger (default 2000 ms, configurable)', () => {
    const rate = 44_100;
    const tone = synthesizeTrigger({ frequencies: PATTERN, sampleRate: rate });
    let samples = whiteNoise(rate * 9, 0.01, 3);
    samples = embedTrigger(samples, tone, 1 * rate);
    samples = embedTrigger(samples, tone, 3.5 * rate);
    expect(detect(samples, rate, [A])).toHaveLength(2);
    expect(detect(samples, rate, [A], 512, 3000)).toHaveLength(1);
  });

  it.each<[Signal, number]>([
    ['ultrasonic', 44_100],
    ['ultrasonic', 48_000],
    ['combined', 44_100],
  ])('detects %s triggers at %i Hz', (signal, rate) => {
    const { samples } = programme(rate, 5, 1, PATTERN, { signal });
    const triggers: TriggerSpec[] = [
      { ...A, signal },
      { id: 'plain', frequencyPattern: [600, 900, 1300, 1700], signal },
    ];
    expect(detect(samples, rate, triggers).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('still hears a combined trigger whose ultrasonic half was cut (lossy codec)', () => {
    const { samples } = programme(44_100, 5, 1, PATTERN, { signal: 'audible' });
    expect(detect(samples, 44_100, [{ ...A, signal: 'combined' }]).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('skips triggers it cannot hear at a low sample rate instead of failing', () => {
    const { samples } = programme(16_000, 5, 1);
    const found = detect(samples, 16_000, [{ id: 'u', frequencyPattern: PATTERN, signal: 'ultrasonic' }, A]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
  });

  it.each([400, 1000, 4000])('detects a %i ms trigger', (durationMs) => {
    const { samples, end } = programme(44_100, 3 + durationMs / 1000, 1, PATTERN, { durationMs });
    const found = detect(samples, 44_100, [{ ...A, durationMs }]);
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(found[0]?.timeSec).toBeLessThan(end + 0.3);
  });

  it('survives NaN samples and keeps detecting afterwards', () => {
    const { samples } = programme(44_100, 6, 3);
    samples.fill(Number.NaN, 44_100, 44_200);
    expect(detect(samples, 44_100, [A]).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('setTriggers swaps the active set and reset restarts stream time', () => {
    const rate = 44_100;
    const { samples, end } = programme(rate, 5, 1);
    const detector = new RobustDetector({
      sampleRate: rate,
      triggers: [{ id: 'x', frequencyPattern: [700, 800, 900, 1000] }],
    });
    expect(pushInBlocks(samples, 1000, (b) => detector.push(b))).toEqual([]);
    detector.setTriggers([A]);
    detector.reset();
    const found = pushInBlocks(samples, 1000, (b) => detector.push(b));
    expect(found.map((d) => d.triggerId)).toEqual(['a']);
    expect(found[0]?.timeSec).toBeLessThan(end + 0.3);
    expect(detector.kind).toBe('coherent');
  });
});
