import { excusedSlotRatio, isGapInSound } from './faded-slot.ts';
import type { ExplainedReference } from './field-explained-reference.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import { excusedOthersBarDb, mayExcuseFadedReading } from './off-speed-excuse.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * The matched score of one trigger under one hypothesis: where its pattern starts, how long its
 * slots are (tempo and speed together) and how much its tones are shifted (speed). Everything is
 * read from the lanes' running sums, so a hypothesis costs a few dozen look-ups.
 */
export interface Hypothesis {
  /** Centre-hop coordinate where slot 0 starts (frame ending at hop h is centred on h - frameHops/2). */
  start: number;
  /** Slot length in hops. */
  slot: number;
  speed: number;
}

/** The tempo factor a hypothesis reads: its slot length against the made one, the speed's share
 * taken out (1 at the made tempo, whatever the speed; over 1 for a faster pitch-kept stretch). */
export function tempoOf(plan: FieldPlan, h: Hypothesis): number {
  return plan.slotHops / h.slot / h.speed;
}

/** Tempos this close to 1 are tempo 1 read to about a hop a slot (the timing fit's own slack). */
export const TEMPO_ONE_SPAN = 0.03;

export interface FieldLimits {
  /** Every slot's tone must stand this far (power ratio) above its reference. */
  minRatio: number;
  /** Each half of a slot must hold at least this share of the tone (steady tone: 1). */
  minSteady: number;
  /** The tone's measured frequency must be this close (in bins) to where the speed puts it. */
  maxFrequencyErrorBins: number;
  /** Excuse one faded slot (faded-slot.ts, off-speed-excuse.ts); set from FieldTuning.excuseFadedSlot. */
  excuseFadedSlot?: boolean;
}

export interface SlotReading {
  /** Tone power over its reference (linear). */
  ratio: number;
  steady: number;
  /** Measured tone frequency (Hz) and its distance from the expected one, in bins. */
  measuredHz: number;
  errorBins: number;
  signal: number;
  /** The tone is a local spectral peak in each half of the slot. */
  peakedHalves: boolean;
  /** Tone power over the second loudest of its time reference slots (the slot before and the
   * pattern's other-tone slots, as `ratio` counts them; both over the lane's floor), linear; only
   * `readSlot` sets it. */
  secondReferenceRatio?: number;
}

/** Half-width (Hz, at speed 1) of the gap to the reference bins: halfway to the next 50 Hz step. */
export const NEIGHBOUR_HZ = 25;
export const NEIGHBOUR_MIN_BINS = 4;
/** A pattern may have one slot whose tone is loud but not a spectral peak of its own (a music
 * note within a bin) if every other slot reads at least this (dB). */
export const MASKED_OTHERS_DB = 12;
const STEADY_WEIGHT = 2;
const STEADY_FREE_DB = 0.5;
/** Per-slot ratio counted towards the decision at most (dB). */
export const SLOT_CAP_DB = 15;
/** Tones closer than this many bins are the same tone (their slots are not a noise reference). */
export const SAME_TONE_BINS = 3;

/** End hops [from, to] of the frames lying inside the slot that starts at centre-hop `a`. */
export function slotFrames(lane: SpectrumLane, a: number, slot: number): [number, number] {
  return [slotFrom(lane.frameHops, a, slot), slotTo(lane.frameHops, a, slot)];
}

/** The first of `slotFrames` for frames `w` hops long, without the pair (readSlot runs hundreds of
 * thousands of times a second with a thousand triggers). */
export function slotFrom(w: number, a: number, slot: number): number {
  const from = Math.ceil(a + w + 0.5);
  return Math.floor(a + slot - 0.5) - from < 1 ? Math.round(a + (slot + w) / 2) : from;
}

/** The last of `slotFrames`. */
export function slotTo(w: number, a: number, slot: number): number {
  const to = Math.floor(a + slot - 0.5);
  return to - Math.ceil(a + w + 0.5) < 1 ? Math.round(a + (slot + w) / 2) : to;
}

/** Power around fractional bin `bin`: the two bins that straddle it, so scalloping stays < 0.5 dB. */
export function pair(lane: SpectrumLane, bin: number, from: number, to: number): number {
  const b = Math.floor(bin);
  return lane.sum(b, from, to) + lane.sum(b + 1, from, to);
}

/** Reads one band's tone in slot `k`; undefined when the audio it needs is not held. */
export function readSlot(
  plan: FieldPlan,
  band: number,
  lane: SpectrumLane,
  h: Hypothesis,
  k: number,
  /** Read whether the tone peaks in each half (only the strict tests need it). */
  halves = true,
  /** Read the ratio only (the prescreen): steadiness and frequency are left at neutral values. */
  ratioOnly = false,
  /** Reference slots a fired trigger's tone explains are left out (field-explained-reference.ts). */
  explained?: ExplainedReference,
  /** The loudest of 3+ reference slots is left out where it reads this many times the others'
   * mean power or more: one burst in one slot (field-room-reference.ts). */
  burstOver?: number,
): SlotReading | undefined {
  const tones = plan.bands[band]?.tones ?? [];
  const nominal = tones[k] as number;
  const hz = nominal * h.speed;
  const bin = lane.binOf(hz);
  const a = h.start + k * h.slot;
  const w = lane.frameHops;
  const from = slotFrom(w, a, h.slot);
  const to = slotTo(w, a, h.slot);
  if (!lane.holds(Math.min(from, slotFrom(w, h.start - h.slot, h.slot)), to)) return undefined;
  const n = to - from + 1;
  const signal = pair(lane, bin, from, to) / n;
  const offset = Math.max((NEIGHBOUR_HZ * h.speed) / lane.binHz, NEIGHBOUR_MIN_BINS);
  const beside = Math.min(pair(lane, bin - offset, from, to), pair(lane, bin + offset, from, to)) / n;
  // The running floor at this frequency: the slot before the pattern and the pattern's slots
  // that play a clearly different tone (a held note or hum there raises them all). The slot
  // before is left out when the pattern ends on this slot's tone and two other slots remain: the
  // same trigger played back to back puts its last tone there.
  const lastTone = tones[tones.length - 1] as number;
  const repeatable = Math.abs(lastTone - nominal) * h.speed <= SAME_TONE_BINS * lane.binHz;
  let quiet = 0;
  let quietCount = 0;
  let before = 0;
  let beforeExplained = false;
  let loudest = 0;
  let second = 0;
  for (let j = -1; j < tones.length; j++) {
    if (j >= 0 && Math.abs((tones[j] as number) - nominal) * h.speed <= SAME_TONE_BINS * lane.binHz) continue;
    if (explained?.(h.start + j * h.slot, h.start + (j + 1) * h.slot, hz)) {
      if (j === -1) beforeExplained = true;
      continue;
    }
    const qf = slotFrom(w, h.start + j * h.slot, h.slot);
    const qt = slotTo(w, h.start + j * h.slot, h.slot);
    const level = pair(lane, bin, qf, qt) / (qt - qf + 1);
    if (j === -1) before = level;
    else {
      quiet += level;
      quietCount++;
      second = Math.max(second, Math.min(loudest, level));
      loudest = Math.max(loudest, level);
    }
  }
  if (!beforeExplained && (!repeatable || quietCount < 2)) {
    quiet += before;
    quietCount++;
    second = Math.max(second, Math.min(loudest, before));
    loudest = Math.max(loudest, before);
  }
  // Every reference explained: nothing left to tell the floor, read as usual.
  if (quietCount === 0 && explained)
    return readSlot(plan, band, lane, h, k, halves, ratioOnly, undefined, burstOver);
  if (
    burstOver !== undefined &&
    quietCount >= 3 &&
    loudest >= (burstOver * (quiet - loudest)) / (quietCount - 1)
  ) {
    quiet -= loudest;
    quietCount--;
  }
  quiet /= Math.max(1, quietCount);
  const ratio = signal / (Math.max(beside, quiet) + 2 * lane.floorPower);
  if (ratioOnly) return { ratio, steady: 1, measuredHz: hz, errorBins: 0, signal, peakedHalves: true };
  let steady = 1;
  if (to - from >= 3) {
    const mid = (from + to) >> 1;
    const first = pair(lane, bin, from, mid) / (mid - from + 1);
    const second = pair(lane, bin, mid + 1, to) / (to - mid);
    steady = Math.min(first, second) / (0.5 * (first + second) + 1e-30);
  }
  // Measured frequency: the spectral peak at the tone over the whole slot (none: no measurement,
  // and the slot tells nothing about the speed).
  const peak = peakBin(lane, bin, from, to);
  const measuredBin = Number.isNaN(peak) ? bin : peak;
  const errorBins = Number.isNaN(peak) ? Number.POSITIVE_INFINITY : Math.abs(peak - bin);
  // A played tone is a spectral peak in both halves of its slot; music that only grazes the
  // frequency for part of the slot (a passing note, a slide) is not.
  let peakedHalves = true;
  if (halves && to - from >= 3) {
    const mid = (from + to) >> 1;
    peakedHalves =
      !Number.isNaN(peakBin(lane, bin, from, mid)) && !Number.isNaN(peakBin(lane, bin, mid + 1, to));
  }
  const secondReferenceRatio = (signal + 2 * lane.floorPower) / (second + 2 * lane.floorPower);
  return {
    ratio,
    steady,
    measuredHz: lane.hzOf(measuredBin),
    errorBins,
    signal,
    peakedHalves,
    secondReferenceRatio,
  };
}

/** Slot k's best band ratio at `h`, in dB (floored at -30 dB): what the slot shows over its
 * reference wherever the pattern sounds it. The ratio alone is read (it is the same number). */
export function bestSlotDb(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  k: number,
): number {
  let best = 0;
  for (let b = 0; b < plan.bands.length; b++) {
    const lane = lanes[b];
    const r = lane && readSlot(plan, b, lane, h, k, false, true);
    if (r && r.ratio > best) best = r.ratio;
  }
  return 10 * Math.log10(Math.max(best, 1e-3));
}

/** Interpolated peak bin near `bin` over frames from..to (NaN when there is no local peak): the
 * stronger of the two straddling bins, refined by a parabola in dB. */
export function peakBin(lane: SpectrumLane, bin: number, from: number, to: number): number {
  const b = Math.floor(bin);
  const v0 = lane.sum(b - 1, from, to);
  const v1 = lane.sum(b, from, to);
  const v2 = lane.sum(b + 1, from, to);
  const v3 = lane.sum(b + 2, from, to);
  // Chosen one by one, not destructured from a literal: that built an array per call (the largest
  // source of garbage at 1,000 triggers, docs/decisions/field-detector-cost.md, cpu6).
  const first = v1 >= v2;
  const m = first ? b : b + 1;
  const left = first ? v0 : v1;
  const centre = first ? v1 : v2;
  const right = first ? v2 : v3;
  if (!(centre >= left && centre >= right && centre > 0)) return Number.NaN;
  const l = Math.log(left + 1e-30);
  const c = Math.log(centre);
  const r = Math.log(right + 1e-30);
  const denom = l - 2 * c + r;
  return m + (denom < 0 ? (0.5 * (l - r)) / denom : 0);
}

export interface PatternScore {
  /** Mean over slots of the best band's ratio, dB; the detection's SNR figure. */
  meanDb: number;
  /** The same mean with every slot capped at SLOT_CAP_DB: what the decision uses, so one loud
   * slot (a real tone of some other pattern) cannot carry slots that hold only noise. */
  cappedMeanDb: number;
  /** Mean over slots of the tone's steadiness (weaker half over the mean of both, dB; 0 = steady). */
  steadyMeanDb: number;
  /** What the decision compares with the threshold: the capped mean, less STEADY_WEIGHT dB per dB
   * the tones are less steady on average than STEADY_FREE_DB. Played tones hold their level
   * (clean: 0 to -0.5 dB, rooms and WSOLA tempo: to about -1.7 dB); music that happens to fit a
   * pattern mostly does not (notes decay, swell and move: -1 to -4 dB). */
  decisionDb: number;
  /** Weakest slot, dB. */
  minDb: number;
  /** All per-slot tests passed. */
  pass: boolean;
  /** Speed the measured tone frequencies point to (energy-weighted). */
  measuredSpeed: number;
}

/**
 * Scores a hypothesis. `strict` applies the per-slot tests (ratio, steadiness, frequency);
 * without it the score only ranks hypotheses while the alignment is searched. (The prescreen
 * reads only the capped mean, with `prescreenScore`.)
 */
export function scorePattern(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  limits: FieldLimits,
  strict: boolean,
  explained?: ExplainedReference,
  /** Each slot's reference leaves out a burst in one slot (readSlot, field-room-reference.ts). */
  burstOver?: number,
): PatternScore | undefined {
  let sumDb = 0;
  let cappedDb = 0;
  let minDb = Number.POSITIVE_INFINITY;
  let pass = true;
  let speedWeight = 0;
  let speedSum = 0;
  let steadyDb = 0;
  let masked = 0;
  let weakestPassed = Number.POSITIVE_INFINITY;
  // At any speed; off speed 1 only beside slots of OFF_SPEED_OTHERS_DB (off-speed-excuse.ts).
  const excuseFaded = strict && limits.excuseFadedSlot === true;
  let excused: 'masked' | 'faded' = 'masked';
  for (let k = 0; k < plan.slotCount; k++) {
    let best = 0;
    let bestSteady = 1;
    let maskedRatio = 0;
    let maskedSteady = 1;
    let fadedRatio = 0;
    let fadedSecondRatio = Number.POSITIVE_INFINITY;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      if (!lane) continue;
      const r = readSlot(plan, b, lane, h, k, strict, false, explained, burstOver);
      if (!r) return undefined;
      const ok =
        r.ratio >= limits.minRatio &&
        r.steady >= limits.minSteady &&
        r.errorBins <= limits.maxFrequencyErrorBins &&
        r.peakedHalves;
      if (Number.isFinite(r.errorBins) && r.ratio > 1) {
        // Weighted by SNR and by how finely the band resolves speed (higher tones, finer).
        const weight = (r.ratio - 1) * (plan.bands[b]?.tones[k] as number);
        speedWeight += weight;
        speedSum += (weight * r.measuredHz) / (plan.bands[b]?.tones[k] as number);
      }
      if (b === 0 || r.ratio > fadedRatio) {
        fadedRatio = r.ratio;
        fadedSecondRatio = r.secondReferenceRatio ?? Number.POSITIVE_INFINITY;
      }
      if ((!strict || ok) && r.ratio > best) {
        best = r.ratio;
        bestSteady = r.steady;
      }
      if (
        strict &&
        !ok &&
        r.ratio >= limits.minRatio &&
        r.steady >= limits.minSteady &&
        r.ratio > maskedRatio
      ) {
        maskedRatio = r.ratio;
        maskedSteady = r.steady;
      }
    }
    // A masked or faded slot is excused at any speed, off speed 1 only beside stronger slots
    // (off-speed-excuse.ts; the faded one's span of speed 1 is narrower, faded-slot.ts), and a
    // faded one off that span only where it reads covered, not empty (COVERED_SLOT_FLOOR_DB).
    if (strict && best === 0 && maskedRatio > 0) {
      // Loud and steady where the tone should be, but not a peak of its own: a note within a bin
      // or two of the tone. Counted at the per-slot minimum, once per pattern (see below).
      masked++;
      best = limits.minRatio;
      bestSteady = maskedSteady;
    } else if (
      best === 0 &&
      excuseFaded &&
      mayExcuseFadedReading(h.speed, fadedRatio) &&
      // The room's reading (a burst left out of each reference): not a gap in a sound (faded-slot.ts).
      (burstOver === undefined || !isGapInSound(fadedSecondRatio, MASKED_OTHERS_DB))
    ) {
      // Faded (a room's notch at this tone): excused like a masked slot, counted at its own
      // reading up to the per-slot minimum, its steadiness (noise's) left out (faded-slot.ts).
      masked++;
      excused = 'faded';
      best = excusedSlotRatio(fadedRatio, limits.minRatio);
      bestSteady = 10 ** (-STEADY_FREE_DB / 10);
    } else weakestPassed = Math.min(weakestPassed, best);
    const db = 10 * Math.log10(Math.max(best, 1e-3));
    steadyDb += 10 * Math.log10(Math.max(bestSteady, 1e-3));
    sumDb += db;
    cappedDb += Math.min(db, SLOT_CAP_DB);
    minDb = Math.min(minDb, db);
  }
  // One masked slot is allowed when the pattern's other slots are all clearly there.
  const othersBarDb = excusedOthersBarDb(h.speed, MASKED_OTHERS_DB, excused);
  if (masked > 1 || (masked === 1 && 10 * Math.log10(weakestPassed) < othersBarDb)) pass = false;
  const measuredSpeed = speedWeight > 0 ? speedSum / speedWeight : h.speed;
  return summariseSlots(plan.slotCount, { sumDb, cappedDb, steadyDb, minDb }, pass, measuredSpeed);
}

/** A pattern's score from its per-slot sums (dB), shared by every reading of a pattern. */
export function summariseSlots(
  slotCount: number,
  sums: { sumDb: number; cappedDb: number; steadyDb: number; minDb: number },
  pass: boolean,
  measuredSpeed: number,
): PatternScore {
  const cappedMeanDb = sums.cappedDb / slotCount;
  const steadyMeanDb = sums.steadyDb / slotCount;
  return {
    meanDb: sums.sumDb / slotCount,
    cappedMeanDb,
    steadyMeanDb,
    decisionDb: cappedMeanDb + STEADY_WEIGHT * Math.min(0, steadyMeanDb + STEADY_FREE_DB),
    minDb: sums.minDb,
    pass,
    measuredSpeed,
  };
}

/** Whether slot `j` exists and plays slot `k`'s tone. (A plain function: this runs per hypothesis,
 * and a closure there costs more than the arithmetic.) */
function sameToneAt(tones: readonly number[], j: number, k: number): boolean {
  return j >= 0 && j < tones.length && Math.abs((tones[j] as number) - (tones[k] as number)) < 1;
}

/**
 * How well a hypothesis's slot boundaries fit: per slot, the tone's power inside the slot over
 * its power just outside it (where the neighbouring slots play other tones), in dB, averaged.
 * A slot too long takes in other tones' time, one too short leaves the tone outside: both lower
 * it, which the plain slot ratio (frames well inside the slot) would not notice.
 */
export function timingScore(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): number | undefined {
  let sum = 0;
  for (let k = 0; k < plan.slotCount; k++) {
    let best = Number.NEGATIVE_INFINITY;
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      const tones = plan.bands[b]?.tones;
      if (!lane || !tones) continue;
      const w = lane.frameHops;
      const half = w / 2;
      const bin = lane.binOf((tones[k] as number) * h.speed);
      const a = h.start + k * h.slot;
      const inFrom = Math.ceil(a + 0.75 * w);
      const inTo = Math.max(inFrom, Math.floor(a + h.slot + 0.25 * w));
      const beforeFrom = Math.floor(a - 0.5 * h.slot + half);
      const beforeTo = Math.max(beforeFrom, Math.floor(a + 0.25 * w));
      const afterFrom = Math.ceil(a + h.slot + 0.75 * w);
      const afterTo = Math.max(afterFrom, Math.ceil(a + 1.5 * h.slot + half));
      if (!lane.holds(beforeFrom, k === plan.slotCount - 1 ? inTo : afterTo)) return undefined;
      const inside = pair(lane, bin, inFrom, inTo) / (inTo - inFrom + 1);
      const before = sameToneAt(tones, k - 1, k)
        ? 0
        : pair(lane, bin, beforeFrom, beforeTo) / (beforeTo - beforeFrom + 1);
      const after =
        sameToneAt(tones, k + 1, k) || k === plan.slotCount - 1
          ? 0
          : pair(lane, bin, afterFrom, afterTo) / (afterTo - afterFrom + 1);
      const floor = 2 * lane.floorPower;
      best = Math.max(best, 10 * Math.log10((inside + floor) / (Math.max(before, after) + floor)));
    }
    sum += best;
  }
  return sum / plan.slotCount;
}

/**
 * The frame-end hop nearest `predicted` (within `reach`) where the tone at `afterHz` overtakes the
 * one at `beforeHz`: NaN when they do not cross there, undefined when the lane no longer holds it.
 */
export function toneCrossing(
  lane: SpectrumLane,
  beforeHz: number,
  afterHz: number,
  predicted: number,
  reach: number,
): number | undefined {
  const binBefore = lane.binOf(beforeHz);
  const binAfter = lane.binOf(afterHz);
  const from = Math.floor(predicted - reach);
  const to = Math.ceil(predicted + reach);
  if (!lane.holds(from, to)) return undefined;
  let previous = Number.NaN;
  let crossing = Number.NaN;
  for (let e = from; e <= to; e++) {
    const d =
      Math.log(pair(lane, binAfter, e, e) + lane.floorPower) -
      Math.log(pair(lane, binBefore, e, e) + lane.floorPower);
    if (previous < 0 && d >= 0) {
      const at = e - 1 + previous / (previous - d);
      if (Number.isNaN(crossing) || Math.abs(at - predicted) < Math.abs(crossing - predicted)) crossing = at;
    }
    previous = d;
  }
  return crossing;
}

/**
 * Refines a hypothesis's start and slot length from the slot boundaries themselves: where one
 * slot's tone gives way to the next one's, the two tones' frame powers cross, whatever the frame
 * length (the window is symmetric). A straight line through the crossings gives the slot length
 * (hence the tempo) to a hop or so, where the timing search only brackets it. Returns undefined
 * when fewer than two boundaries can be read.
 */
export function fitBoundaries(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): Hypothesis | undefined {
  const band = plan.bands[0];
  const lane = lanes[0];
  if (!band || !lane) return undefined;
  const xs: number[] = [];
  const ys: number[] = [];
  const half = lane.frameHops / 2;
  for (let k = 1; k < plan.slotCount; k++) {
    const before = band.tones[k - 1] as number;
    const after = band.tones[k] as number;
    if (Math.abs(before - after) * h.speed <= SAME_TONE_BINS * lane.binHz) continue;
    // End hops of frames centred within a third of a slot of the predicted boundary.
    const predicted = h.start + k * h.slot + half;
    const crossing = toneCrossing(lane, before * h.speed, after * h.speed, predicted, h.slot / 3);
    if (crossing === undefined) return undefined;
    if (Number.isNaN(crossing)) continue;
    xs.push(k);
    ys.push(crossing - half);
  }
  if (xs.length < 2) return undefined;
  const { start, slot } = slotLine(xs, ys);
  return { start, slot, speed: h.speed };
}

/** The least-squares line through (slot index, hop) points: where slot 0 starts and the slot length. */
export function slotLine(xs: readonly number[], ys: readonly number[]): { start: number; slot: number } {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    sxx += ((xs[i] as number) - mx) ** 2;
  }
  const slot = sxy / sxx;
  return { start: my - slot * mx, slot };
}
