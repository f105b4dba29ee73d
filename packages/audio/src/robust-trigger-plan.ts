import { DEFAULT_TRIGGER_DURATION_MS } from './engine-constants.ts';
import { HannWindowEnergies } from './hann-window-energies.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import type { TriggerSpec } from './types.ts';

/**
 * Everything the robust detector precomputes for one trigger at one sample rate: which bank
 * frequencies to read, the analysis windows (in hops) and which cells serve as references.
 */

/** Longest coherent analysis window. Longer slots are split and their energies added, so a small
 * clock or speed offset (about 1 Hz at 20 kHz for 50 ppm) still falls inside the main lobe. */
export const MAX_COHERENT_SEC = 0.6;
/** Reference bins sit 25 Hz beside the tone: halfway to the next 50 Hz slider step, so one bin
 * serves as the upper reference of one grid tone and the lower of the next (fewer filters), and
 * for slots of 120 ms or more it is outside the Hann main lobe (2/T) by a margin, so the tone
 * leaks less than -30 dB into it. Shorter slots push the bins out to 3/T. */
export const NEIGHBOUR_OFFSET_HZ = 25;
const NEIGHBOUR_MIN_BINS = 3;
/** Two frequencies closer than this many 1/T are the same tone to the detector (Hann main lobe). */
export const SAME_TONE_BINS = 2;
/** Quietest white-noise level assumed, so digital silence gives a finite ratio (-80 dBFS). */
const FLOOR_RMS = 1e-4;
/** The coherence test (robust-score.ts) applies to tones up to this frequency. Two devices' clocks
 * may differ by 100 ppm: 0.5 Hz at 5 kHz costs a steady tone under 0.5 dB of coherence, but 2 Hz
 * at 20 kHz would cost it 5 dB, so ultrasonic tones are spared the test (music rarely reaches
 * there anyway). */
export const MAX_COHERENCE_TEST_HZ = 5000;
/** Tones at or above this fraction of Nyquist are skipped: the anti-alias filters of real
 * devices and codecs remove them anyway. */
const MAX_NYQUIST_FRACTION = 0.95;

export interface BandPlan {
  frequency: number;
  /** Window-energy ids (one per sub-window) of the tone and of the reference bins beside it. */
  tone: number[];
  lower: number[];
  upper: number[];
  /** Slots (-1 = the slot-length window just before the trigger) whose energy at this frequency
   * must stay low: those where the pattern plays a clearly different tone. */
  quietSlots: number[];
  /** Window-energy ids of half-slot windows at this frequency just before and just after the
   * slot (undefined where the neighbouring slot plays the same tone, or after the last slot). */
  guardBefore: number | undefined;
  guardAfter: number | undefined;
  /** Window-energy id of a half-slot window at this frequency: the first and second halves of
   * the slot must each hold the tone (a steady tone, not a note that starts or stops mid-slot). */
  half: number;
  /** Whether the slot must pass the coherence test (see MAX_COHERENCE_TEST_HZ). */
  coherent: boolean;
}

export interface SubWindow {
  /** First hop, relative to the slot start, and length in hops. */
  start: number;
  length: number;
  /** Sum of the squared Hann weights, for the noise floor. */
  sumSquares: number;
}

export interface TriggerPlan {
  spec: TriggerSpec;
  /** Position in the detector's trigger list (ties between identical patterns go to the lowest). */
  order: number;
  /** Identical signatures mean identical sound: such triggers cannot be told apart. */
  signature: string;
  slotHops: number;
  slotCount: number;
  /** Coherent sub-windows tiling one slot. */
  subWindows: SubWindow[];
  /** Per slot, one band per playable tone (two for `combined`). */
  bands: BandPlan[][];
  /** Energy of the FLOOR_RMS noise through one slot's windows. */
  floorEnergy: number;
  /** Guard window length in hops, and the factor that scales a guard's energy to what a steady
   * tone filling the whole slot would give (so guard and slot energies compare like for like). */
  guardHops: number;
  guardScale: number;
  /** Hops of history needed: the pre-slot plus the pattern. */
  historyHops: number;
  hopSec: number;
}

/** Registers a frequency with the tone bank and a (bank frequency, window length) pair with the
 * window energies; each returns the id to read it back with. */
export interface AnalysisRegistry {
  frequency(hz: number): number;
  window(frequencyId: number, lengthHops: number): number;
}

export function planTrigger(
  spec: TriggerSpec,
  order: number,
  sampleRate: number,
  hopSize: number,
  registry: AnalysisRegistry,
): TriggerPlan | undefined {
  const pattern = spec.frequencyPattern;
  const durationMs = spec.durationMs ?? DEFAULT_TRIGGER_DURATION_MS;
  const signal = spec.signal ?? 'audible';
  if (pattern.length === 0 || !(durationMs > 0)) return undefined;
  const slotCount = pattern.length;
  const slotSec = durationMs / 1000 / slotCount;
  const hopSec = hopSize / sampleRate;
  const slotHops = Math.max(1, Math.round(slotSec / hopSec));
  const subWindows = tileSlot(slotHops, hopSec);
  const coherentSec = Math.min(...subWindows.map((w) => w.length)) * hopSec;
  const windowsAt = (hz: number) => {
    const id = registry.frequency(hz);
    return subWindows.map((w) => registry.window(id, w.length));
  };
  const binHz = 1 / coherentSec;

  const guardHops = Math.max(1, Math.round(Math.min(...subWindows.map((w) => w.length)) / 2));
  const playable = (f: number) => f > 0 && f < MAX_NYQUIST_FRACTION * (sampleRate / 2);
  const perSlot = signalFrequencies(pattern, signal);
  const bandCount = perSlot[0]?.length ?? 0;
  const bands: BandPlan[][] = perSlot.map(() => []);
  for (let b = 0; b < bandCount; b++) {
    const column = perSlot.map((tones) => tones[b] ?? 0);
    if (!column.every(playable)) continue;
    column.forEach((frequency, slot) => {
      const offset = Math.max(NEIGHBOUR_OFFSET_HZ, NEIGHBOUR_MIN_BINS * binHz);
      const quietSlots = [-1];
      const differs = (j: number) => Math.abs((column[j] ?? 0) - frequency) > SAME_TONE_BINS * binHz;
      column.forEach((_, j) => {
        if (j !== slot && differs(j)) quietSlots.push(j);
      });
      const guardAt = (use: boolean) =>
        use ? registry.window(registry.frequency(frequency), guardHops) : undefined;
      bands[slot]?.push({
        frequency,
        tone: windowsAt(frequency),
        lower: windowsAt(frequency - offset),
        upper: windowsAt(frequency + offset),
        quietSlots,
        guardBefore: guardAt(slot === 0 || differs(slot - 1)),
        guardAfter: guardAt(slot < column.length - 1 && differs(slot + 1)),
        half: guardAt(true) ?? 0,
        coherent: frequency <= MAX_COHERENCE_TEST_HZ,
      });
    });
  }
  if ((bands[0]?.length ?? 0) === 0) return undefined;

  const sumSquares = subWindows.reduce((sum, w) => sum + w.sumSquares, 0);
  return {
    spec,
    order,
    signature: `${signal}|${durationMs}|${pattern.join(',')}`,
    slotHops,
    slotCount,
    subWindows,
    bands,
    floorEnergy: FLOOR_RMS * FLOOR_RMS * hopSize * sumSquares,
    guardHops,
    guardScale: subWindows.reduce((sum, w) => sum + w.length * w.length, 0) / (guardHops * guardHops),
    historyHops: (slotCount + 1) * slotHops,
    hopSec,
  };
}

/**
 * Plans every trigger it can hear at this rate (in list order), registering the bank frequencies
 * and analysis windows they need; triggers sharing a frequency or window share its id.
 */
export function planTriggers(
  triggers: readonly TriggerSpec[],
  sampleRate: number,
  hopSize: number,
): { plans: TriggerPlan[]; frequencies: number[]; energies: HannWindowEnergies } {
  const frequencies: number[] = [];
  const index = new Map<number, number>();
  const energies = new HannWindowEnergies();
  const registry: AnalysisRegistry = {
    frequency: (hz: number): number => {
      // Numeric keys (to the millihertz): thousands of triggers register tens of thousands here.
      const key = Math.round(hz * 1000);
      let at = index.get(key);
      if (at === undefined) {
        at = frequencies.length;
        frequencies.push(hz);
        index.set(key, at);
      }
      return at;
    },
    window: (frequencyId: number, lengthHops: number): number => energies.register(frequencyId, lengthHops),
  };
  const plans: TriggerPlan[] = [];
  triggers.forEach((spec, order) => {
    const plan = planTrigger(spec, order, sampleRate, hopSize, registry);
    if (plan) plans.push(plan);
  });
  return { plans, frequencies, energies };
}

function tileSlot(slotHops: number, hopSec: number): SubWindow[] {
  const count = Math.max(1, Math.ceil((slotHops * hopSec) / MAX_COHERENT_SEC - 1e-9));
  const windows: SubWindow[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.round((i * slotHops) / count);
    const length = Math.round(((i + 1) * slotHops) / count) - start;
    windows.push({ start, length, sumSquares: hannSumSquares(length) });
  }
  return windows;
}

/** Thousands of triggers share a few slot lengths. */
const sumSquaresByLength = new Map<number, number>();

/** Hann weights sampled at hop centres, sin^2(pi (i + 1/2) / L): they taper the slot edges, where
 * the tone fades and where the neighbouring slot's tone (or its reverb tail) lives. */
export function hannSumSquares(length: number): number {
  const known = sumSquaresByLength.get(length);
  if (known !== undefined) return known;
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Math.sin((Math.PI * (i + 0.5)) / length) ** 4;
  sumSquaresByLength.set(length, sum);
  return sum;
}

/** Another trigger whose opening slots play this trigger's tones `shift` slots later. */
export interface ShiftedPartner {
  plan: TriggerPlan;
  shift: number;
}

/**
 * The triggers that could make `plan` fire on their own sound: those with the same slot timing
 * whose slots 0, 1, ... play (within the same-tone tolerance) at least two of `plan`'s tones at
 * slots shift, shift + 1, ... When `plan` is a candidate, such a partner may be in the middle of
 * being played, its end still to come; the detector then waits for it before deciding.
 */
export function shiftedPartners(plan: TriggerPlan, others: readonly TriggerPlan[]): ShiftedPartner[] {
  const partners: ShiftedPartner[] = [];
  const tolerance = SAME_TONE_BINS / (Math.min(...plan.subWindows.map((w) => w.length)) * plan.hopSec);
  for (const other of others) {
    if (other === plan || other.slotHops !== plan.slotHops || other.slotCount !== plan.slotCount) continue;
    for (let shift = 1; shift < plan.slotCount; shift++) {
      let shared = 0;
      for (let slot = shift; slot < plan.slotCount; slot++) {
        const mine = plan.bands[slot] ?? [];
        const theirs = other.bands[slot - shift] ?? [];
        if (mine.some((a) => theirs.some((b) => Math.abs(a.frequency - b.frequency) <= tolerance))) shared++;
      }
      if (shared >= 2) partners.push({ plan: other, shift });
    }
  }
  return partners;
}
