/**
 * Tuning and held-out parts of the corpus (docs/audio-benchmark.md): thresholds are tuned on
 * `tune` (the first 8 min of the triggered programme, the first 10 min of the trigger-free one,
 * rooms and noise beds from `BENCH_SEED`) and reported on `heldout` (the rest: other clips, and
 * rooms and babble drawn with another seed). `all` is the whole corpus. One definition for the
 * benchmark and every probe, so a probe reads the same stretch the benchmark scored.
 */
export type Split = 'all' | 'tune' | 'heldout';
export const TUNE_TRIGGERED_SEC = 8 * 60;
export const TUNE_QUIET_SEC = 10 * 60;
/** The benchmark's seed: its trigger set and triggered programme, and the tuning split's rooms,
 * noise beds and decoys. */
export const BENCH_SEED = 20_251_122;
/** Added to the benchmark's seed for held-out rooms, noise beds and decoys. */
export const HELDOUT_SEED_OFFSET = 1_000;

/** `value` as a split, or an error naming the three that exist. */
export function parseSplit(value: string): Split {
  if (value !== 'all' && value !== 'tune' && value !== 'heldout')
    throw new Error('--split takes all, tune or heldout');
  return value;
}

/** Where the split's triggered stretch starts in the triggered programme, in seconds. */
export function triggeredSplitStartSec(split: Split): number {
  return split === 'heldout' ? TUNE_TRIGGERED_SEC : 0;
}

/** Where the split's trigger-free stretch starts in the trigger-free programme, in seconds. */
export function quietSplitStartSec(split: Split): number {
  return split === 'heldout' ? TUNE_QUIET_SEC : 0;
}

/** The seed of the split's rooms, noise beds and decoys (the held-out split draws its own). */
export function splitSeed(split: Split): number {
  return split === 'heldout' ? BENCH_SEED + HELDOUT_SEED_OFFSET : BENCH_SEED;
}
