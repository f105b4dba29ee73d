/**
 * Fits as bench/chance-fit-probe.ts prints them, read as a class (scale16): the features a class
 * rule could key on (how far the four slots' levels scatter, the tones' onset contrast, in-slot
 * peak drift) and whether such a rule, a lower decision threshold at large N for a fit with those
 * features, would let it through at N triggers. Pure functions; the table is
 * bench/fit-class-table.ts.
 */

/** One slot of a probe line (only the fields read here). */
export interface ProbeSlot {
  ratioDb: number | null;
  levelDb: number | null;
  onsetDb: number | null;
  driftBins: number | null;
}

/** One line of bench/chance-fit-probe.ts. */
export interface ProbeFit {
  kind: 'TRUE' | 'STRAY' | 'CHANCE';
  condition: string;
  id: string;
  t: number;
  path: string;
  decisionDb: number;
  slots: ProbeSlot[];
}

/** What a class rule may key on. */
export interface FitFeatures {
  /** Population s.d. of the slots' levels (dB): a played pattern's tones are made at one level. */
  levelScatterDb: number;
  /** Mean onset contrast over the slots that have one (dB); -Infinity when none does. */
  meanOnsetDb: number;
  /** Largest in-slot peak drift (bins) over the slots long enough to read it; 0 when none is. */
  maxDriftBins: number;
  /** Weakest slot's own reading (dB). */
  minSlotDb: number;
}

/** A lower threshold for a fit with these features: every bound given must hold. */
export interface ClassRule {
  maxScatterDb?: number;
  minOnsetDb?: number;
  maxDriftBins?: number;
  minSlotDb?: number;
  /** How far under the N-trigger threshold such a fit may read (dB). */
  lowerDb: number;
}

// The field detector's look-elsewhere rule (FieldDetector.limitsFor, field-detector.ts), mirrored
// because its constants are private: fit-class.test.ts checks it against the detector.
const BASE_DB = 9;
const REFERENCE_TRIGGERS = 24;
const PAIR_PROPOSAL_FACTOR = 3.3;
const MEAN_DB_PER_DECADE = 1.75;

/** The field detector's decision threshold (capped mean, dB) with `n` audible triggers. */
export function thresholdDb(n: number): number {
  return (
    BASE_DB + MEAN_DB_PER_DECADE * Math.log10(Math.max(1, (n * PAIR_PROPOSAL_FACTOR) / REFERENCE_TRIGGERS))
  );
}

/** Whether trigger `id` is listened for with `n` triggers: the programme's `embedded` triggers,
 * then decoys D1.. in the order generateDecoys makes them (a prefix of a larger set's). */
export function inTriggerSet(id: string, n: number, embedded = 24): boolean {
  const m = /^D(\d+)$/.exec(id);
  return m ? Number(m[1]) <= n - embedded : true;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

export function fitFeatures(fit: ProbeFit): FitFeatures {
  const levels = fit.slots.map((s) => s.levelDb).filter((x): x is number => x !== null);
  const m = levels.length > 0 ? mean(levels) : 0;
  const onsets = fit.slots.map((s) => s.onsetDb).filter((x): x is number => x !== null);
  const drifts = fit.slots.map((s) => s.driftBins);
  const ratios = fit.slots.map((s) => s.ratioDb ?? Number.NEGATIVE_INFINITY);
  return {
    levelScatterDb:
      levels.length === fit.slots.length
        ? Math.sqrt(mean(levels.map((x) => (x - m) ** 2)))
        : Number.POSITIVE_INFINITY,
    meanOnsetDb: onsets.length > 0 ? mean(onsets) : Number.NEGATIVE_INFINITY,
    // A slot no longer than the lane's frame has no halves to compare (the probe gives null; most
    // slots at tempo 1.25): drift is read on the slots that have it.
    maxDriftBins: Math.max(0, ...drifts.filter((d): d is number => d !== null)),
    minSlotDb: Math.min(...ratios),
  };
}

/** The best reading (highest decision score) of each pattern per cluster of readings no more than
 * `gapSec` apart: one chance fit, one decoy or one event each. */
export function bestPerPattern<F extends ProbeFit>(fits: readonly F[], gapSec = 3): F[] {
  const byId = new Map<string, F[]>();
  for (const f of fits) {
    const key = `${f.condition}|${f.kind}|${f.id}`;
    byId.set(key, [...(byId.get(key) ?? []), f]);
  }
  const best: F[] = [];
  for (const group of byId.values()) {
    group.sort((a, b) => a.t - b.t);
    let cluster: F[] = [];
    const flush = () => {
      if (cluster.length > 0) best.push(cluster.reduce((a, b) => (b.decisionDb > a.decisionDb ? b : a)));
      cluster = [];
    };
    for (const f of group) {
      const last = cluster[cluster.length - 1];
      if (last && f.t - last.t > gapSec) flush();
      cluster.push(f);
    }
    flush();
  }
  return best.sort((a, b) => a.t - b.t);
}

/** Whether `features` meet every bound of `rule`. */
export function hasClass(features: FitFeatures, rule: ClassRule): boolean {
  return (
    (rule.maxScatterDb === undefined || features.levelScatterDb < rule.maxScatterDb) &&
    (rule.minOnsetDb === undefined || features.meanOnsetDb >= rule.minOnsetDb) &&
    (rule.maxDriftBins === undefined || features.maxDriftBins < rule.maxDriftBins) &&
    (rule.minSlotDb === undefined || features.minSlotDb >= rule.minSlotDb)
  );
}

/** How a fit fares with `n` triggers: over the threshold as it is, let through only by `rule`, or
 * not at all. */
export function passAt(fit: ProbeFit, n: number, rule: ClassRule): 'threshold' | 'rule' | null {
  const limit = thresholdDb(n);
  if (fit.decisionDb >= limit) return 'threshold';
  if (fit.decisionDb >= limit - rule.lowerDb && hasClass(fitFeatures(fit), rule)) return 'rule';
  return null;
}
