import { describe, expect, it } from 'vitest';
import { FieldDetector } from './field-detector.ts';
import { OUTER_GAP_TOLERANCE, OuterPairIndex, outerPairSlot } from './field-outer-pair.ts';
import { type IndexEntry, laneKey, planFieldTrigger } from './field-trigger-plan.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
const T08: TriggerSpec = { id: 'T08', frequencyPattern: [500, 1850, 500, 900] };
const OTHER: TriggerSpec = { id: 'other', frequencyPattern: [600, 1800, 1400, 700] };

// 10 ms hops, 16 kHz lanes: 50-hop slots for 2 s triggers of four tones.
const plan = (spec: TriggerSpec, order = 0) => planFieldTrigger(spec, order, 0.01, 16_000, () => true);

describe('the first-and-last index', () => {
  it('holds the last run over the first for patterns of three runs or more, nothing else', () => {
    const t08 = plan(T08);
    const two = plan({ id: 'two', frequencyPattern: [700, 700, 1200, 1200] }, 1);
    if (!t08 || !two) throw new Error('plan');
    const index = new OuterPairIndex([t08, two]);
    const key = laneKey(0, t08.frameSize);
    const out: IndexEntry[] = [];
    index.lookup(key, Math.log(900 / 500), out, 0, 1e9);
    expect(out.map((e) => [e.plan.spec.id, e.lastStartSlot, e.prevSlots])).toEqual([['T08', 3, 3]]);
    out.length = 0;
    index.lookup(key, Math.log(1200 / 700), out, 0, 1e9);
    expect(out).toEqual([]);
    const [lo, hi] = index.gapRange(key, 0.95, 1.05);
    expect(lo).toBeCloseTo(((3 * 50) / 1.05) * (1 - OUTER_GAP_TOLERANCE), 6);
    expect(hi).toBeCloseTo(((3 * 50) / 0.95) * (1 + OUTER_GAP_TOLERANCE), 6);
  });

  it('proposes only the slot the tone speed gives, for onsets that many slots apart', () => {
    const t08 = plan(T08);
    if (!t08) throw new Error('plan');
    const entry: IndexEntry = {
      plan: t08,
      band: 0,
      lastHz: 900,
      lastStartSlot: 3,
      prevSlots: 3,
      logRatio: 0,
    };
    const slot = 50 / 1.02;
    expect(outerPairSlot(entry, 1.02, 3 * slot + 3)).toBeCloseTo(slot, 9);
    // A tempo change (slots 10 % longer at speed 1.02) is not this pair's to propose.
    expect(outerPairSlot(entry, 1.02, 3 * slot * 1.1)).toBeUndefined();
  });
});

function addTone(audio: Float32Array, hz: number, fromSec: number, toSec: number): void {
  const n0 = Math.round(fromSec * RATE);
  const n1 = Math.round(toSec * RATE);
  for (let n = n0; n < n1; n++) {
    const ramp = Math.min(1, (n - n0) / (0.005 * RATE), (n1 - n) / (0.005 * RATE));
    audio[n] = (audio[n] as number) + 0.1 * ramp * Math.sin((2 * Math.PI * hz * n) / RATE);
  }
}

/** T08 at 2 % fast from 1.5 s, its 1850 Hz joining a tone 0.45 slot early and its second 500 Hz
 * 0.35 slot late (or missing): every consecutive pair's onsets give a slot far off. */
function playedOffOnsets(withSecond500: boolean) {
  const speed = 1.02;
  const slot = 0.5 / speed;
  const t0 = 1.5;
  const audio = whiteNoise(6 * RATE, 0.01, 7);
  addTone(audio, 500 * speed, t0, t0 + slot);
  addTone(audio, 1850 * speed, t0 + 0.55 * slot, t0 + 2 * slot);
  if (withSecond500) addTone(audio, 500 * speed, t0 + 2.35 * slot, t0 + 3 * slot);
  addTone(audio, 900 * speed, t0 + 3 * slot, t0 + 4 * slot);
  const detector = new FieldDetector({ sampleRate: RATE, triggers: [T08, OTHER] });
  return { found: pushInBlocks(audio, 512, (b) => detector.push(b)), endSec: t0 + 4 * slot };
}

describe('field detector: a pattern whose middle tones start off their slots (T08 on speech)', () => {
  it('is proposed by its first and last tones at 2 % fast', () => {
    const { found, endSec } = playedOffOnsets(true);
    expect(found.map((d) => [d.triggerId, d.speed])).toEqual([['T08', 1.02]]);
    // Fired within half a second of the pattern's end.
    expect((found[0]?.timeSec ?? 0) - endSec).toBeLessThan(0.5);
  });

  it('does not fire when a middle tone is missing', () => {
    expect(playedOffOnsets(false).found).toEqual([]);
  });
});
