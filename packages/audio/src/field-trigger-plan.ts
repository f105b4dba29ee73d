import { DEFAULT_TRIGGER_DURATION_MS } from './engine-constants.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import type { TriggerSpec } from './types.ts';

/** Playback speed searched (frequencies and times scaled together). */
export const MIN_SPEED = 0.95;
export const MAX_SPEED = 1.05;
/** Tempo searched (times scaled, pitch kept). */
export const MIN_TEMPO = 0.8;
export const MAX_TEMPO = 1.25;
/** Time factor = speed x tempo: how much faster the slots go by than made. */
export const MIN_TIME_FACTOR = MIN_SPEED * MIN_TEMPO;
export const MAX_TIME_FACTOR = MAX_SPEED * MAX_TEMPO;

/** The two analysis bands: the audible slider range, and the near-ultrasonic one. */
export const AUDIBLE_LANE = 0;
export const ULTRASONIC_LANE = 1;
export const STREAMING_LANE = 2;
/** Tones a band can carry (nominal, before the speed factor), by lane kind. */
export const BAND_HZ: readonly [number, number][] = [
  [450, 2050],
  [17_000, 20_100],
  [12_900, 15_600],
];

function laneKindOf(tones: readonly number[]): number {
  if (tones.every((f) => f <= (BAND_HZ[AUDIBLE_LANE] as [number, number])[1])) return AUDIBLE_LANE;
  return tones.every((f) => f >= (BAND_HZ[ULTRASONIC_LANE] as [number, number])[0])
    ? ULTRASONIC_LANE
    : STREAMING_LANE;
}

export interface FieldBand {
  kind: number;
  /** Nominal tone per slot, Hz. */
  tones: number[];
}

export interface FieldPlan {
  spec: TriggerSpec;
  order: number;
  /** Identical signatures mean identical sound: such triggers cannot be told apart. */
  signature: string;
  slotCount: number;
  /** Nominal slot length in hops (fractional). */
  slotHops: number;
  /** FFT frame size, in decimated samples, fitted to the shortest slot the search allows. */
  frameSize: number;
  bands: FieldBand[];
}

/** The shortest possible slot (fastest time factor) is this many frames long at least. */
const SLOT_FRAMES = 1.15;
const MAX_FRAME = 2048;
const MIN_FRAME = 128;

export function frameSizeFor(slotSec: number, laneRate: number): number {
  const target = ((slotSec / MAX_TIME_FACTOR) * laneRate) / SLOT_FRAMES;
  let size = MIN_FRAME;
  while (size * 2 <= MAX_FRAME && size * 2 <= target * 1.15) size *= 2;
  return size;
}

export function planFieldTrigger(
  spec: TriggerSpec,
  order: number,
  hopSec: number,
  laneRate: number,
  supportsKind: (kind: number) => boolean,
): FieldPlan | undefined {
  const pattern = spec.frequencyPattern;
  const durationMs = spec.durationMs ?? DEFAULT_TRIGGER_DURATION_MS;
  const signal = spec.signal ?? 'audible';
  if (pattern.length === 0 || !(durationMs > 0) || !pattern.every(Number.isFinite)) return undefined;
  const slotSec = durationMs / 1000 / pattern.length;
  const perSlot = signalFrequencies(pattern, signal);
  const bands: FieldBand[] = [];
  for (let b = 0; b < (perSlot[0]?.length ?? 0); b++) {
    const tones = perSlot.map((t) => t[b] ?? 0);
    const kind = laneKindOf(tones);
    const [lo, hi] = BAND_HZ[kind] as [number, number];
    if (!supportsKind(kind)) continue;
    if (tones.every((f) => f >= lo && f <= hi)) bands.push({ kind, tones });
  }
  if (bands.length === 0) return undefined;
  return {
    spec,
    order,
    signature: `${signal}|${durationMs}|${pattern.join(',')}`,
    slotCount: pattern.length,
    slotHops: slotSec / hopSec,
    frameSize: frameSizeFor(slotSec, laneRate),
    bands,
  };
}

/** Two consecutive runs of a pattern's tones (a run = consecutive slots playing the same tone). */
export interface IndexEntry {
  plan: FieldPlan;
  band: number;
  /** Nominal tone of the later run and the slot where it starts. */
  lastHz: number;
  lastStartSlot: number;
  /** Slots in the run before it (0 when the whole pattern is one tone). */
  prevSlots: number;
  logRatio: number;
}

/** ln-ratio bucket width; look-ups read the bucket and its two neighbours. */
const BUCKET = 0.005;
/** Two measured tones match a pattern's last two runs when their ln-ratio is this close: a track's
 * frequency is good to about 0.3 bin (1 Hz at 3 Hz bins), 0.2 % at 500 Hz, so a ratio to 0.3 %. */
export const RATIO_TOLERANCE = 0.003;

/**
 * Triggers indexed by the frequency ratio of their last two tones, which speed does not change.
 * A new steady tone and one that started a run earlier give a ratio; only the triggers under
 * that ratio are scored, so the work per hop depends on what is heard, not on how many triggers
 * are active.
 */
export class TriggerIndex {
  /** Per lane key: entries by ln-ratio bucket. */
  private readonly buckets = new Map<string, Map<number, IndexEntry[]>>();
  private readonly single = new Map<string, IndexEntry[]>();
  /** Per lane key: the shortest and longest run before a later one (slots x slot hops). */
  private readonly spans = new Map<string, [number, number]>();

  add(plan: FieldPlan): void {
    plan.bands.forEach((band, b) => {
      const key = laneKey(band.kind, plan.frameSize);
      const runs = toneRuns(band.tones);
      const last = runs[runs.length - 1] as ToneRun;
      if (runs.length === 1) {
        push(this.single, key, {
          plan,
          band: b,
          lastHz: last.hz,
          lastStartSlot: 0,
          prevSlots: 0,
          logRatio: 0,
        });
        return;
      }
      let lane = this.buckets.get(key);
      if (!lane) {
        lane = new Map();
        this.buckets.set(key, lane);
      }
      // Every pair of consecutive runs, not only the last two: a pattern whose last tone is
      // masked or whose track began with another sound is still proposed by its other pairs.
      for (let r = 1; r < runs.length; r++) {
        const run = runs[r] as ToneRun;
        const prev = runs[r - 1] as ToneRun;
        const logRatio = Math.log(run.hz / prev.hz);
        const span = (run.start - prev.start) * plan.slotHops;
        const known = this.spans.get(key);
        this.spans.set(key, known ? [Math.min(known[0], span), Math.max(known[1], span)] : [span, span]);
        insertByLastHz(lane, Math.round(logRatio / BUCKET), {
          plan,
          band: b,
          lastHz: run.hz,
          lastStartSlot: run.start,
          prevSlots: run.start - prev.start,
          logRatio,
        });
      }
    });
  }

  /** The buckets of lane `key` (read with `lookupBuckets`), if any trigger uses the lane. */
  lane(key: string): ReadonlyMap<number, readonly IndexEntry[]> | undefined {
    return this.buckets.get(key);
  }

  /** The shortest and longest nominal run (in hops) before a later run among lane `key`'s
   * entries: an onset difference far outside it (at any tempo searched) proposes nothing. */
  spanRange(key: string): readonly [number, number] | undefined {
    return this.spans.get(key);
  }

  /** Entries of lane `key` whose last two runs have about this ln-ratio. */
  lookup(key: string, logRatio: number, out: IndexEntry[]): void {
    const lane = this.buckets.get(key);
    if (lane) lookupBuckets(lane, logRatio, out);
  }

  /** Entries of lane `key` whose pattern is one tone throughout (nothing to take a ratio with). */
  singles(key: string): readonly IndexEntry[] {
    return this.single.get(key) ?? [];
  }
}

/**
 * Entries in `buckets` whose last two runs have about this ln-ratio and whose last tone lies in
 * [minLastHz, maxLastHz]: the caller's speed range. A bucket holds every trigger with that
 * interval, whatever its pitch, so with thousands of triggers most of a bucket is at pitches the
 * heard tone cannot be at any allowed speed; buckets are sorted by last tone, so those are never
 * visited.
 */
export function lookupBuckets(
  buckets: ReadonlyMap<number, readonly IndexEntry[]>,
  logRatio: number,
  out: IndexEntry[],
  minLastHz = 0,
  maxLastHz = Number.POSITIVE_INFINITY,
): void {
  const centre = Math.round(logRatio / BUCKET);
  for (let k = centre - 1; k <= centre + 1; k++) {
    const list = buckets.get(k);
    if (!list) continue;
    for (let i = firstAtLeast(list, minLastHz); i < list.length; i++) {
      const entry = list[i] as IndexEntry;
      if (entry.lastHz > maxLastHz) break;
      if (Math.abs(entry.logRatio - logRatio) <= RATIO_TOLERANCE) out.push(entry);
    }
  }
}

/** Index of the first entry of `list` (sorted by lastHz) whose last tone is at least `hz`. */
function firstAtLeast(list: readonly IndexEntry[], hz: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as IndexEntry).lastHz < hz) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Files `entry` in its bucket after every entry with the same or a lower last tone (sorted by
 * last tone; equal ones stay in the order they were added). */
function insertByLastHz(map: Map<number, IndexEntry[]>, key: number, entry: IndexEntry): void {
  const list = map.get(key);
  if (!list) {
    map.set(key, [entry]);
    return;
  }
  let at = list.length;
  while (at > 0 && (list[at - 1] as IndexEntry).lastHz > entry.lastHz) at--;
  list.splice(at, 0, entry);
}

export function laneKey(kind: number, frameSize: number): string {
  return `${kind}:${frameSize}`;
}

interface ToneRun {
  hz: number;
  start: number;
}

/** A pattern's runs of tones (consecutive slots playing the same tone), in order. */
function toneRuns(tones: readonly number[]): ToneRun[] {
  const runs: ToneRun[] = [];
  tones.forEach((hz, k) => {
    const previous = runs[runs.length - 1];
    if (!previous || !sameTone(previous.hz, hz)) runs.push({ hz, start: k });
  });
  return runs;
}

function sameTone(a: number, b: number): boolean {
  return Math.abs(a - b) < 1;
}

function push<K>(map: Map<K, IndexEntry[]>, key: K, entry: IndexEntry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}
