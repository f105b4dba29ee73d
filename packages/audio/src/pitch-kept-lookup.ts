import type { IndexEntry, TriggerIndex } from './field-trigger-plan.ts';

/** One lane's pairs of consecutive runs, sorted by last tone, then by the tone before it. */
interface KeptLane {
  entries: IndexEntry[];
  lastHz: Float64Array;
  prevHz: Float64Array;
}

/**
 * The trigger index's pairs of consecutive runs looked up by their two tones at speed 1, each
 * within a few Hz, instead of by their ratio. A time stretch that keeps the pitch moves each slot's
 * tone a few Hz on its own (docs/decisions/audio-tempo-pitch-kept.md): two tones moved opposite
 * ways, 1000 Hz + 4 and 1450 Hz - 4, change their ratio by 0.7 %, beyond the ratio index's 0.3 %,
 * so such a pattern was never proposed. Speed is fixed at 1 here (each tone near its own grid
 * frequency, not one ratio), which keeps retuned music out: what this proposes is read as
 * pitch-kept only. A look-up is two binary searches per tone within reach, whatever N.
 */
export class PitchKeptIndex {
  private readonly lanes = new Map<string, KeptLane>();

  constructor(index: TriggerIndex, keys: Iterable<string>) {
    for (const key of keys) {
      const buckets = index.lane(key);
      if (!buckets) continue;
      const entries = [...buckets.values()].flat();
      const prevOf = (e: IndexEntry) => e.lastHz / Math.exp(e.logRatio);
      entries.sort((a, b) => a.lastHz - b.lastHz || prevOf(a) - prevOf(b));
      this.lanes.set(key, {
        entries,
        lastHz: Float64Array.from(entries, (e) => e.lastHz),
        prevHz: Float64Array.from(entries, prevOf),
      });
    }
  }

  /** Appends to `out` the entries of lane `key` whose last tone is within `slackHz` of `lastHz`
   * and whose tone before it is within `slackHz` of `prevHz`. */
  lookup(key: string, lastHz: number, prevHz: number, slackHz: number, out: IndexEntry[]): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    const n = lane.entries.length;
    let i = lowerBound(lane, lastHz - slackHz, Number.NEGATIVE_INFINITY);
    while (i < n && (lane.lastHz[i] as number) <= lastHz + slackHz) {
      const tone = lane.lastHz[i] as number;
      for (let j = lowerBound(lane, tone, prevHz - slackHz); j < n; j++) {
        if (lane.lastHz[j] !== tone || (lane.prevHz[j] as number) > prevHz + slackHz) break;
        out.push(lane.entries[j] as IndexEntry);
      }
      i = lowerBound(lane, tone, Number.POSITIVE_INFINITY);
    }
  }
}

/** The first entry at or after (last, prev) in the lane's order. */
function lowerBound(lane: KeptLane, last: number, prev: number): number {
  let lo = 0;
  let hi = lane.entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const l = lane.lastHz[mid] as number;
    if (l < last || (l === last && (lane.prevHz[mid] as number) < prev)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
