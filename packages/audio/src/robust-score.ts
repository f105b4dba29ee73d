import type { HannWindowEnergies } from './hann-window-energies.ts';
import type { BandPlan, TriggerPlan } from './robust-trigger-plan.ts';

/** The per-slot tests, as linear energy ratios (see `slotLimits`). */
export interface SlotLimits {
  minRatio: number;
  minGuard: number;
  minSteady: number;
  minCoherence: number;
}

/** Converts the per-slot thresholds from dB to the linear ratios the score compares against. */
export function slotLimits(db: {
  minSlotDb: number;
  minGuardDb: number;
  minSteadyDb: number;
  minCoherenceDb: number;
}): SlotLimits {
  return {
    minRatio: 10 ** (db.minSlotDb / 10),
    minGuard: 10 ** (db.minGuardDb / 10),
    minSteady: 10 ** (db.minSteadyDb / 10),
    minCoherence: 10 ** (db.minCoherenceDb / 10),
  };
}

/** Diagnostics: no test at all (slot ratios), or the guard ratio instead of the slot ratio. */
const NO_LIMITS: SlotLimits = { minRatio: 0, minGuard: 0, minSteady: 0, minCoherence: 0 };
const GUARD_ONLY: SlotLimits = { minRatio: 0, minGuard: -1, minSteady: 0, minCoherence: 0 };

/**
 * Time-slot matched score of one trigger for the pattern window that ends at `endHop`.
 *
 * For every slot and tone the score is the energy at the exact tone frequency inside that slot,
 * divided by a reference: the larger of (a) the mean energy of the two neighbouring bins in the
 * same slot (broadband sound such as loud music or noise raises these too) and (b) the mean
 * energy at the same frequency in the slots where the pattern plays some other tone and in the
 * slot before the pattern (a sustained note or hum at that frequency raises these). A slot's value
 * is its best band (audible or ultrasonic for `combined`, so a codec that cuts 17.5-20 kHz still
 * leaves the audible half). The pattern's score is the mean of the slot values in dB; any slot
 * below `minSlotDb` rejects the window at once, so a wrong tone order or a pattern sharing only
 * some slots never scores. Returns undefined when rejected. With `capDb`, each slot counts at
 * most that much (the decision figure: see DEFAULT_ROBUST_TUNING.capSlotDb).
 */
export function scoreWindow(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  endHop: number,
  limits: SlotLimits,
  capDb = Number.POSITIVE_INFINITY,
): number | undefined {
  const firstHop = endHop - plan.slotCount * plan.slotHops + 1;
  let sumDb = 0;
  // Last slot first: it is the one that has just completed, so most windows fail here, cheaply.
  for (let slot = plan.slotCount - 1; slot >= 0; slot--) {
    const best = slotRatio(plan, energies, firstHop, slot, limits);
    if (best < limits.minRatio) return undefined;
    sumDb += Math.min(capDb, 10 * Math.log10(best));
  }
  return sumDb / plan.slotCount;
}

/**
 * Whether `plan`'s first `slots` slots, for a pattern starting at `firstHop`, all pass the slot
 * tests using only audio up to `latestHop` (the after-guard of the last one is skipped when it
 * lies in the future). Used to ask "is another trigger being played right now, and would it
 * explain this candidate's tones?" before the other trigger has finished.
 */
export function prefixMatches(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  firstHop: number,
  slots: number,
  latestHop: number,
  limits: SlotLimits,
): boolean {
  for (let slot = 0; slot < slots; slot++) {
    if (slotRatio(plan, energies, firstHop, slot, limits, latestHop) < limits.minRatio) return false;
  }
  return true;
}

/** Every slot's best-band guard ratio in dB: for diagnostics and tuning. */
export function slotGuardsDb(plan: TriggerPlan, energies: HannWindowEnergies, endHop: number): number[] {
  const firstHop = endHop - plan.slotCount * plan.slotHops + 1;
  return Array.from(
    { length: plan.slotCount },
    (_, slot) => 10 * Math.log10(slotRatio(plan, energies, firstHop, slot, GUARD_ONLY)),
  );
}

/** Every slot's best-band ratio in dB, without early exit: for diagnostics and tuning. */
export function slotRatiosDb(plan: TriggerPlan, energies: HannWindowEnergies, endHop: number): number[] {
  const firstHop = endHop - plan.slotCount * plan.slotHops + 1;
  return Array.from(
    { length: plan.slotCount },
    (_, slot) => 10 * Math.log10(slotRatio(plan, energies, firstHop, slot, NO_LIMITS)),
  );
}

function slotRatio(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  firstHop: number,
  slot: number,
  limits: SlotLimits,
  latestHop = Number.POSITIVE_INFINITY,
): number {
  let best = 0;
  const bands = plan.bands[slot] ?? [];
  for (let b = 0; b < bands.length; b++) {
    const band = bands[b];
    if (band) best = Math.max(best, bandRatio(plan, energies, band, firstHop, slot, limits, latestHop));
  }
  return best;
}

/**
 * Linear energy ratio of the tone to its reference; stops early (returning a ratio that is
 * already known to be below `minRatio`) when the neighbouring bins alone rule it out.
 *
 * The guard test returns 0 when the tone is also strong in the half-slot just before or after the
 * slot: the tone is there but not at this pattern's time, typically another trigger that shares a
 * tone one slot earlier or later, or a held note. Aligned triggers leave the guards nearly empty
 * (the neighbouring slots play other tones), so the test costs them little.
 *
 * The steadiness test returns 0 when one half of the slot holds far less of the tone than the
 * other: music notes start and stop anywhere, a trigger tone fills its slot. On the benchmark,
 * real triggers stay above -12 dB even at 0 dB SNR, near-misses in trigger-free music fall below.
 *
 * The coherence test returns 0 when the whole slot holds clearly less of the tone than its halves
 * predict: the sound is near the tone but not a steady sine exactly on it (see below).
 */
function bandRatio(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  band: BandPlan,
  firstHop: number,
  slot: number,
  limits: SlotLimits,
  latestHop: number,
): number {
  const { minRatio, minGuard } = limits;
  const slotStart = firstHop + slot * plan.slotHops;
  const signal = slotEnergy(plan, energies, band.tone, slotStart);
  const beside = besideEnergy(plan, energies, band, slotStart);
  const besideRatio = signal / (beside + plan.floorEnergy);
  if (besideRatio < minRatio) return besideRatio;
  let quiet = 0;
  const quietSlots = band.quietSlots;
  for (let q = 0; q < quietSlots.length; q++) {
    quiet += slotEnergy(plan, energies, band.tone, firstHop + (quietSlots[q] ?? 0) * plan.slotHops);
  }
  quiet /= quietSlots.length;
  const ratio = signal / (Math.max(beside, quiet) + plan.floorEnergy);
  if (ratio < minRatio) return ratio;
  if (minGuard < 0) return signal / guardEnergy(plan, energies, band, slotStart, latestHop);
  return toneShapePasses(plan, energies, band, slotStart, signal, limits, latestHop) ? ratio : 0;
}

/** The louder of the half-slot guards just before and after the slot, scaled to a full slot. */
function guardEnergy(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  band: BandPlan,
  slotStart: number,
  latestHop: number,
): number {
  const before = band.guardBefore === undefined ? 0 : energies.energyAt(band.guardBefore, slotStart - 1);
  const afterEnd = slotStart + plan.slotHops + plan.guardHops - 1;
  const after =
    band.guardAfter === undefined || afterEnd > latestHop ? 0 : energies.energyAt(band.guardAfter, afterEnd);
  return plan.guardScale * Math.max(before, after) + plan.floorEnergy;
}

/** The guard, steadiness and coherence tests of a slot whose tone energy is `signal` (see
 * bandRatio): whether the sound at the tone is shaped like a trigger tone in that slot. */
function toneShapePasses(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  band: BandPlan,
  slotStart: number,
  signal: number,
  limits: SlotLimits,
  latestHop: number,
): boolean {
  if (signal / guardEnergy(plan, energies, band, slotStart, latestHop) < limits.minGuard) return false;
  // Steadiness: each half of the slot, scaled like the guards, against the whole slot.
  const firstHalf = plan.guardScale * energies.energyAt(band.half, slotStart + plan.guardHops - 1);
  // Aligned to the slot's end (with an odd slot length the halves share a hop): never a future hop.
  const secondHalf = plan.guardScale * energies.energyAt(band.half, slotStart + plan.slotHops - 1);
  if (Math.min(firstHalf, secondHalf) < limits.minSteady * signal) return false;
  // Coherence: a steady sine exactly at the tone adds up in phase over the whole slot, so the
  // slot energy equals what its halves predict. A note a couple of hertz off the tone, or one
  // with vibrato or a glide, drifts in phase and loses energy over the longer window (about
  // -5 dB at 2 Hz off for 500 ms slots) while the half-slot windows, twice as wide, still hold it.
  return !(band.coherent && signal < limits.minCoherence * 0.5 * (firstHalf + secondHalf));
}

/** The quieter neighbour bin's energy over the slot: broadband sound (noise, drums, dense mixes)
 * raises both, while a single musical note that happens to sit on one of them must not mask the
 * tone. */
function besideEnergy(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  band: BandPlan,
  slotStart: number,
): number {
  const lower = slotEnergy(plan, energies, band.lower, slotStart);
  return Math.min(lower, slotEnergy(plan, energies, band.upper, slotStart));
}

/**
 * Every slot test that does not depend on the rest of the pattern: the tone over the quieter
 * neighbour bin, then guard, steadiness and coherence, for the slot starting at `slotStart`. A
 * band can pass `scoreWindow` only if this passes (the quiet-slot reference only makes its ratio
 * smaller), and triggers sharing the tone and slot timing share the answer, so the detector
 * computes it once per (band, timing) and hop for all of them (robust-candidate-index.ts).
 */
export function toneTestsPass(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  band: BandPlan,
  slotStart: number,
  limits: SlotLimits,
): boolean {
  const signal = slotEnergy(plan, energies, band.tone, slotStart);
  if (signal / (besideEnergy(plan, energies, band, slotStart) + plan.floorEnergy) < limits.minRatio)
    return false;
  return toneShapePasses(plan, energies, band, slotStart, signal, limits, Number.POSITIVE_INFINITY);
}

/** Energy over one slot starting at `slotStart`: coherent within each Hann sub-window, summed
 * across sub-windows. */
function slotEnergy(
  plan: TriggerPlan,
  energies: HannWindowEnergies,
  ids: number[],
  slotStart: number,
): number {
  let energy = 0;
  const subs = plan.subWindows;
  for (let i = 0; i < subs.length; i++) {
    const sub = subs[i];
    if (sub) energy += energies.energyAt(ids[i] ?? 0, slotStart + sub.start + sub.length - 1);
  }
  return energy;
}
