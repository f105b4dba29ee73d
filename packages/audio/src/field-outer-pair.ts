import { type FieldPlan, type IndexEntry, laneKey, lookupBuckets } from './field-trigger-plan.ts';
import type { SpectrumLane } from './spectrum-lane.ts';
import type { ToneTracker } from './tone-tracks.ts';

/**
 * How far (relative) the onset difference of a pattern's first and last runs may be from the one
 * the last tone's speed gives at tempo 1: two onsets each read to a couple of hops over three
 * slots (150 hops for 2 s triggers), and no tempo slack (a speed change moves times with pitch).
 */
export const OUTER_GAP_TOLERANCE = 0.04;

/** ln-ratio bucket width, as the trigger index's. */
const BUCKET = 0.005;

/**
 * Triggers indexed by the ratio of their LAST run's tone to their FIRST run's (patterns of three
 * runs or more: with two, that pair is already a consecutive one). Consecutive pairs propose a
 * pattern when two neighbouring onsets are right; when the middle tones' tracks began early on
 * programme (a voice at that tone just before its slot) or restarted late, every consecutive pair
 * has a gap or a ratio off, and only the first and last onsets are right (held-out T08
 * 500-1850-500-900 at every speed: its 1850 Hz track began 43 hops early on speech, its second
 * 500 Hz restarted late at 516 Hz). Looked up only for a track pair whose onset difference a
 * speed change can give (`outerGapRange`), and an entry is kept only at the slot its speed gives
 * (`outerPairSlot`) with the middle tones heard: the guard that keeps chance proposals few (all
 * non-neighbour pairs, at every tempo, would triple them).
 */
export class OuterPairIndex {
  private readonly buckets = new Map<string, Map<number, IndexEntry[]>>();
  /** Per lane key: the shortest and longest nominal first-to-last onset difference (hops). */
  private readonly spans = new Map<string, [number, number]>();

  constructor(plans: readonly FieldPlan[]) {
    for (const plan of plans) {
      plan.bands.forEach((band, b) => {
        const starts = runStarts(band.tones);
        if (starts.length < 3) return;
        const lastStartSlot = starts[starts.length - 1] as number;
        const lastHz = band.tones[lastStartSlot] as number;
        const logRatio = Math.log(lastHz / (band.tones[0] as number));
        const key = laneKey(band.kind, plan.frameSize);
        let lane = this.buckets.get(key);
        if (!lane) {
          lane = new Map();
          this.buckets.set(key, lane);
        }
        const bucket = Math.round(logRatio / BUCKET);
        const list = lane.get(bucket) ?? [];
        const entry: IndexEntry = {
          plan,
          band: b,
          lastHz,
          lastStartSlot,
          prevSlots: lastStartSlot,
          logRatio,
        };
        // Sorted by last tone, as lookupBuckets expects.
        let at = list.length;
        while (at > 0 && (list[at - 1] as IndexEntry).lastHz > lastHz) at--;
        list.splice(at, 0, entry);
        lane.set(bucket, list);
        const span = lastStartSlot * plan.slotHops;
        const known = this.spans.get(key);
        this.spans.set(key, known ? [Math.min(known[0], span), Math.max(known[1], span)] : [span, span]);
      });
    }
  }

  /** Onset differences (hops) on lane `key` that some entry can give at a speed in
   * [minSpeed, maxSpeed]; [+inf, 0] when the lane has none. */
  gapRange(key: string, minSpeed: number, maxSpeed: number): [number, number] {
    const span = this.spans.get(key);
    if (!span) return [Number.POSITIVE_INFINITY, 0];
    return [
      ((span[0] / maxSpeed) * (1 - OUTER_GAP_TOLERANCE)) / (1 + 1e-9),
      (span[1] / minSpeed) * (1 + OUTER_GAP_TOLERANCE) * (1 + 1e-9),
    ];
  }

  /** Entries of lane `key` whose last-to-first ratio is about `logRatio`, last tone in [minLastHz, maxLastHz]. */
  lookup(key: string, logRatio: number, out: IndexEntry[], minLastHz: number, maxLastHz: number): void {
    const lane = this.buckets.get(key);
    if (lane) lookupBuckets(lane, logRatio, out, minLastHz, maxLastHz);
  }
}

/**
 * The slot length (hops) an outer pair proposes: the one the last tone's speed gives at tempo 1,
 * when the onset difference `gap` is that many slots within OUTER_GAP_TOLERANCE; otherwise undefined.
 */
export function outerPairSlot(entry: IndexEntry, speed: number, gap: number): number | undefined {
  const slot = entry.plan.slotHops / speed;
  return Math.abs(gap / (entry.prevSlots * slot) - 1) <= OUTER_GAP_TOLERANCE ? slot : undefined;
}

/** Middle slots' edges left out of `middleTonesHeard`'s window (a fifth of a slot each side). */
const MIDDLE_EDGE = 0.2;

/**
 * Whether every tone between the pattern's first and last runs was heard as a track somewhere in
 * the inner part of its slot, where the outer pair puts it (`anchor`: the last run's onset). Their
 * onsets may be anywhere (that is why the pair is used), but a played pattern sounds each of them.
 */
export function middleTonesHeard(
  tracker: ToneTracker,
  spectrum: SpectrumLane,
  tones: readonly number[],
  lastStartSlot: number,
  speed: number,
  anchor: number,
  slot: number,
): boolean {
  for (let k = 1; k < lastStartSlot; k++) {
    const hz = (tones[k] as number) * speed;
    const bin = spectrum.binOf(hz);
    const tolerance = Math.max(0.004 * hz, spectrum.binHz) / spectrum.binHz;
    const from = anchor - (lastStartSlot - k - MIDDLE_EDGE) * slot;
    const to = anchor - (lastStartSlot - k - 1 + MIDDLE_EDGE) * slot;
    if (!tracker.heardNear(bin - tolerance, bin + tolerance, from, to)) return false;
  }
  return true;
}

/** Slot indices where a pattern's runs of tones start (consecutive slots of one tone are a run). */
function runStarts(tones: readonly number[]): number[] {
  const starts: number[] = [];
  tones.forEach((hz, k) => {
    if (k === 0 || Math.abs(hz - (tones[k - 1] as number)) >= 1) starts.push(k);
  });
  return starts;
}
