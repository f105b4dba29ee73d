import { describe, expect, it } from 'vitest';
import { embedTrigger } from './embed-trigger.ts';
import { CandidateIndex } from './robust-candidate-index.ts';
import { DEFAULT_ROBUST_TUNING } from './robust-detector.ts';
import { scoreWindow, slotLimits, toneTestsPass } from './robust-score.ts';
import { planTriggers, type TriggerPlan } from './robust-trigger-plan.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { busyMusic, seededRandom } from './testing/synthetic-audio.ts';
import { lowLaneFactor, ToneBank } from './tone-bank.ts';
import type { TriggerSpec } from './types.ts';

const RATE = 44_100;
const HOP = lowLaneFactor(RATE) * Math.round((RATE * 0.01) / lowLaneFactor(RATE));
const GRID = Array.from({ length: 31 }, (_, i) => 500 + 50 * i);

function randomTriggers(count: number, seed: number): TriggerSpec[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const pattern: number[] = [];
    while (pattern.length < 4) {
      const f = GRID[Math.floor(random() * GRID.length)] as number;
      if (Math.abs(f - (pattern.at(-1) ?? 0)) >= 100) pattern.push(f);
    }
    return { id: `r${i}`, frequencyPattern: pattern };
  });
}

/** Busy music with each of `played` embedded in turn, one every 3 s. */
function programme(played: TriggerSpec[], seconds: number): Float32Array {
  let samples = busyMusic(RATE, seconds, 5);
  played.forEach((t, i) => {
    const tone = synthesizeTrigger({ frequencies: t.frequencyPattern, sampleRate: RATE, ...t });
    samples = embedTrigger(samples, tone, Math.round((1 + 3 * i) * RATE));
  });
  return samples;
}

/** Feeds `samples` hop by hop, calling `each` with the hop just completed. */
function analyse(
  triggers: TriggerSpec[],
  samples: Float32Array,
  each: (hop: number, plans: TriggerPlan[], found: number[], read: ReturnType<typeof planTriggers>) => void,
) {
  const planned = planTriggers(triggers, RATE, HOP);
  const ring = Math.max(...planned.plans.map((p) => p.historyHops)) + 2;
  const bank = new ToneBank(RATE, HOP, planned.frequencies, ring);
  planned.energies.start(ring);
  const index = new CandidateIndex(planned.plans, slotLimits(DEFAULT_ROBUST_TUNING));
  const found: number[] = [];
  for (let at = 0; at + HOP <= samples.length; at += HOP) {
    bank.feed(samples, at, at + HOP);
    planned.energies.update(bank);
    const hop = bank.hopsDone - 1;
    found.length = 0;
    index.candidates(planned.energies, hop, found);
    each(hop, planned.plans, found, planned);
  }
  return index;
}

describe('candidate index', () => {
  it('returns exactly the triggers whose every slot passes the per-tone tests, so none that could score is skipped', () => {
    const triggers = [
      ...randomTriggers(100, 3),
      { id: 'c', frequencyPattern: [800, 1300, 900, 1700], signal: 'combined' as const },
      { id: 'short', frequencyPattern: [700, 1200, 1900], durationMs: 900 },
    ];
    const played = [triggers[0], triggers[100], triggers[101]] as TriggerSpec[];
    const limits = slotLimits(DEFAULT_ROBUST_TUNING);
    let scored = 0;
    let candidateHops = 0;
    analyse(triggers, programme(played, 10), (hop, plans, found, { energies }) => {
      const set = new Set(found);
      expect(set.size).toBe(found.length);
      if (found.length > 0) candidateHops++;
      plans.forEach((plan, i) => {
        const firstHop = hop - plan.slotCount * plan.slotHops + 1;
        const allPass = plan.bands.every((bands, slot) =>
          bands.some((band) => toneTestsPass(plan, energies, band, firstHop + slot * plan.slotHops, limits)),
        );
        expect(set.has(i)).toBe(allPass && firstHop >= 0);
        if (scoreWindow(plan, energies, hop, limits) !== undefined) {
          scored++;
          expect(set.has(i)).toBe(true);
        }
      });
    });
    // The played triggers scored (several hops each around their alignment peak).
    expect(scored).toBeGreaterThan(8);
    expect(candidateHops).toBeGreaterThan(0);
  });

  it('runs one probe per distinct tone and timing, whatever the number of triggers', () => {
    const few = analyse(randomTriggers(24, 1), new Float32Array(HOP), () => {});
    const many = analyse(randomTriggers(2000, 2), new Float32Array(HOP), () => {});
    // 31 grid tones; a slot before the pattern's last also has an after-guard (another probe).
    expect(many.probeCount).toBeLessThanOrEqual(2 * GRID.length);
    expect(few.probeCount).toBeLessThanOrEqual(many.probeCount);
  });
});
