import { bestSlotDb, type Hypothesis, pair, slotFrom, slotTo } from './field-score.ts';
import type { FieldPlan } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * How far around a tone a codec's spill of a louder tone reaches (Hz). Opus codes each 20 ms frame
 * of its top band (15.6-20 kHz at 48 kHz: the whole near-ultrasonic band) with a few pulses, so a
 * played tone comes out with lines at multiples of 50 Hz (the frame rate) from it, 30-60 dB below
 * it, within about a kilohertz (bench/codec-trace.ts; docs/decisions/audio-field-detector.md,
 * "codec spill").
 */
export const SPILL_HZ = 1000;

/** A slot's tone this far (dB) or more below a louder line within SPILL_HZ in the same frames is
 * read as that line's spill. The spill measured stands 29 dB below its tone at the closest. */
export const SPILL_DB = 25;

/** A reading needs this many slots of its own (a tone, not a louder line's spill) to stand. */
export const MIN_OWN_SLOTS = 2;

/**
 * Whether the reading of `plan` at `h` is a louder tone's spill: fewer than MIN_OWN_SLOTS of its
 * slots read as a tone (ratio at least `minRatio` in some band, field-score.ts) that is not SPILL_DB
 * or more below the loudest line within SPILL_HZ over the slot's frames. Where the band holds
 * nothing but a played trigger (the near-ultrasonic band, which encoders and most recordings leave
 * empty), the reference a slot is read against (the bins 25 Hz beside it, and the same bin in the
 * pattern's other slots) is the codec's noise between its 50 Hz lines, so a trigger whose tones
 * sit a whole number of lines from the played ones, at some speed, reads them as tones 4-15 dB
 * above their reference (bench/codec-trace.ts: opus 96-256k, T10 and T07 on T04). A played
 * trigger's tones are the loudest lines near them, or within some 15-20 dB of a music note's; a
 * room may fade one of them further, so a reading is dropped only when at most one slot stands on
 * its own (a played trigger keeps three or four).
 */
export function readsAsSpill(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  minRatio: number,
): boolean {
  const margins = spillMarginsDb(plan, lanes, h);
  if (margins === undefined) return false;
  const minDb = 10 * Math.log10(minRatio);
  let own = 0;
  for (let k = 0; k < plan.slotCount; k++)
    if ((margins[k] as number) < SPILL_DB && bestSlotDb(plan, lanes, h, k) >= minDb) own++;
  return own < MIN_OWN_SLOTS;
}

/**
 * Per slot, how far (dB) its tone lies below the loudest line within SPILL_HZ over the slot's
 * frames, in the band where it stands best (0: the tone is the loudest); undefined when a lane does not
 * hold the audio.
 */
export function spillMarginsDb(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): number[] | undefined {
  return spillLines(plan, lanes, h)?.map((x) => x.db);
}

/** A slot's tone against the loudest line near it: how far below (dB) and the line's frequency (Hz),
 * in the band where the tone stands best. */
export interface SpillLine {
  db: number;
  lineHz: number;
}

/** Per slot, the loudest line within SPILL_HZ over the slot's frames (see spillMarginsDb). */
export function spillLines(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
): SpillLine[] | undefined {
  const lines: SpillLine[] = [];
  for (let k = 0; k < plan.slotCount; k++) {
    const a = h.start + k * h.slot;
    let least: SpillLine = { db: Number.POSITIVE_INFINITY, lineHz: 0 };
    for (let b = 0; b < plan.bands.length; b++) {
      const lane = lanes[b];
      if (!lane) return undefined;
      const from = slotFrom(lane.frameHops, a, h.slot);
      const to = slotTo(lane.frameHops, a, h.slot);
      if (!lane.holds(from, to)) return undefined;
      const bin = lane.binOf((plan.bands[b]?.tones[k] as number) * h.speed);
      const tone = pair(lane, bin, from, to);
      const reach = SPILL_HZ / lane.binHz;
      let loudest = tone;
      let at = bin;
      for (let x = Math.max(0, Math.ceil(bin - reach)); x <= Math.min(lane.bins - 2, bin + reach); x++) {
        const v = pair(lane, x, from, to);
        if (v > loudest) {
          loudest = v;
          at = x;
        }
      }
      const db = 10 * Math.log10(loudest / Math.max(tone, 1e-300));
      if (db < least.db) least = { db, lineHz: lane.hzOf(at) };
    }
    lines.push(least);
  }
  return lines;
}

/** A slot read as a louder line's spill: its span (hops) and the line's frequency (Hz). */
export interface SpillSlot {
  from: number;
  to: number;
  lineHz: number;
}

/**
 * The spill slots of a reading that the spill and faded-slot excuses carry together: a slot that
 * reads as a tone SPILL_DB or more below a louder line, in a reading with fewer than all but one of
 * its slots its own (a tone not a louder line's spill). Empty when the reading has no spill slot
 * or stands on all its slots but one; undefined when a lane does not hold the audio. Such a reading
 * is a louder sound's shadow when a trigger read over the same frames plays those lines
 * (field-shadow.ts); the programme's lines do not make it one (codec14: a played T01 in a 1 m room
 * reads so, its spill line the programme's).
 */
export function spillSlots(
  plan: FieldPlan,
  lanes: readonly (SpectrumLane | undefined)[],
  h: Hypothesis,
  minRatio: number,
): SpillSlot[] | undefined {
  const lines = spillLines(plan, lanes, h);
  if (!lines) return undefined;
  const minDb = 10 * Math.log10(minRatio);
  const spill: SpillSlot[] = [];
  let own = 0;
  for (let k = 0; k < plan.slotCount; k++) {
    const tone = bestSlotDb(plan, lanes, h, k) >= minDb;
    const line = lines[k] as SpillLine;
    if (!tone) continue;
    if (line.db < SPILL_DB) own++;
    else spill.push({ from: h.start + k * h.slot, to: h.start + (k + 1) * h.slot, lineHz: line.lineHz });
  }
  return own < plan.slotCount - 1 ? spill : [];
}
