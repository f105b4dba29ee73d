import type { Detector, DetectorOptions } from './detector.ts';
import { DEFAULT_COOLDOWN_MS } from './engine-constants.ts';
import { HannWindowEnergies } from './hann-window-energies.ts';
import { CandidateIndex } from './robust-candidate-index.ts';
import { prefixMatches, type SlotLimits, scoreWindow, slotLimits } from './robust-score.ts';
import {
  planTriggers,
  type ShiftedPartner,
  shiftedPartners,
  type TriggerPlan,
} from './robust-trigger-plan.ts';
import { lowLaneFactor, ToneBank } from './tone-bank.ts';
import type { Detection, TriggerSpec } from './types.ts';

/** Knobs of the robust detector; the defaults are the tuned values (docs/decisions/audio-robust-detector.md). */
export interface RobustTuning {
  /** Every slot's tone must stand this far above its reference. */
  minSlotDb: number;
  /** A slot's tone must be this much stronger than in the half-slots just before and after it. */
  minGuardDb: number;
  /** Each half of a slot must hold at least this share of the tone (dB, steady tone = 0). */
  minSteadyDb: number;
  /** The whole slot must hold at least this share of the tone its two halves predict (dB, steady
   * sine on the tone = 0): a note off the tone by a couple of hertz, or with vibrato, falls below. */
  minCoherenceDb: number;
  /** The mean over slots must reach this, with 24 active triggers or fewer. */
  minMeanDb: number;
  /** ... and this much more per tenfold triggers above 24 (the look-elsewhere effect: every
   * active trigger is another pattern some stretch of music may happen to fit, so a flat false-
   * positive rate per hour needs a threshold that rises with log N). */
  meanDbPerDecade: number;
  /** In that decision mean each slot counts at most this much: a loud note that happens to sit
   * on one or two of a pattern's tones (music repeats notes) must not make up for weak others. */
  capSlotDb: number;
  /** A window's score must be the best for this long before it counts (lets the alignment peak). */
  holdMs: number;
  /** Different-sounding triggers scoring within this of the best make the result ambiguous: none fires. */
  marginDb: number;
  /** Two pattern windows sharing more than this share of a slot claim the same sound: only one
   * of them can have been played. */
  maxOverlapSlots: number;
  /** How long a finished candidate may wait for overlapping candidates of other triggers. */
  maxWaitMs: number;
  /** Analysis hop. */
  hopMs: number;
}

export const DEFAULT_ROBUST_TUNING: RobustTuning = {
  minSlotDb: 5,
  minGuardDb: 3,
  minSteadyDb: -14,
  minCoherenceDb: -4.5,
  minMeanDb: 11,
  meanDbPerDecade: 2.5,
  capSlotDb: 20,
  holdMs: 80,
  marginDb: 3,
  maxOverlapSlots: 0.5,
  maxWaitMs: 300,
  hopMs: 10,
};

interface Tracker {
  active: boolean;
  best: number;
  bestHop: number;
  cooldownUntilHop: number;
}

/** Hops [first, last] of the audio a pattern window covers. */
interface Span {
  first: number;
  last: number;
  /** Overlaps longer than this (hops) count as the same sound. */
  maxOverlap: number;
}

interface Candidate {
  plan: TriggerPlan;
  /** The plan's position in the detector's list. */
  index: number;
  score: number;
  hop: number;
  span: Span;
  /** Not decided before this hop: another trigger that would explain it may still be playing. */
  notBefore: number;
}

function sameSound(a: Span, b: Span): boolean {
  return Math.min(a.last, b.last) - Math.max(a.first, b.first) + 1 > Math.min(a.maxOverlap, b.maxOverlap);
}

/** Maps a mean slot ratio in dB to [0, 1]: the share of the energy in the tone bins that stands
 * above the reference (10 dB -> 0.9, 20 dB -> 0.99). */
export function robustScoreToConfidence(meanDb: number): number {
  return Math.max(0, Math.min(1, 1 - 10 ** (-meanDb / 10)));
}

/** Triggers up to which `minMeanDb` applies unchanged (the benchmark's set). */
const BASE_TRIGGER_COUNT = 24;

/** The capped mean (dB) a candidate needs when `triggers` are active: `minMeanDb`, plus
 * `meanDbPerDecade` per tenfold triggers above 24 (11 dB at 24, 15 at 1,000, 16.2 at 3,000). */
export function decisionThresholdDb(
  tuning: Pick<RobustTuning, 'minMeanDb' | 'meanDbPerDecade'>,
  triggers: number,
): number {
  return tuning.minMeanDb + tuning.meanDbPerDecade * Math.max(0, Math.log10(triggers / BASE_TRIGGER_COUNT));
}

export class RobustDetector implements Detector {
  readonly kind = 'coherent' as const;
  private readonly sampleRate: number;
  private readonly hopSize: number;
  private readonly tuning: RobustTuning;
  private readonly cooldownHops: number;
  private bank: ToneBank;
  private energies = new HannWindowEnergies();
  private plans: TriggerPlan[] = [];
  /** Per plan, computed the first time it is a candidate (most never are): see explainedLater. */
  private partners: (ShiftedPartner[] | undefined)[] = [];
  private trackers: Tracker[] = [];
  private index = new CandidateIndex([], slotLimits(DEFAULT_ROBUST_TUNING));
  /** Plans whose tracker holds a candidate (scored at or above the mean threshold). */
  private active: number[] = [];
  private readonly candidates: number[] = [];
  private longestPatternHops = 1;
  /** The capped mean a candidate needs with this many active triggers. */
  private decisionDb = 0;

  /** The capped mean (dB) a candidate needs with the triggers listened for now. */
  get thresholdDb(): number {
    return this.decisionDb;
  }
  private pending: Candidate[] = [];
  /** Spans already decided (fired, or found ambiguous): their sound cannot be another trigger. */
  private claimed: Span[] = [];
  private limits: SlotLimits;
  private samplesPushed = 0;

  constructor(opts: DetectorOptions & { tuning?: Partial<RobustTuning> }) {
    if (!(opts.sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${opts.sampleRate}`);
    this.sampleRate = opts.sampleRate;
    this.tuning = { ...DEFAULT_ROBUST_TUNING, ...opts.tuning };
    this.limits = slotLimits(this.tuning);
    // A whole number of decimated samples per hop, so the bank's two lanes finish hops together.
    const factor = lowLaneFactor(this.sampleRate);
    this.hopSize = factor * Math.max(1, Math.round((this.sampleRate * this.tuning.hopMs) / 1000 / factor));
    this.cooldownHops = this.msToHops(opts.cooldownMs ?? DEFAULT_COOLDOWN_MS);
    this.bank = new ToneBank(this.sampleRate, this.hopSize, [], 1);
    this.setTriggers(opts.triggers);
  }

  setTriggers(triggers: TriggerSpec[]): void {
    const { plans, frequencies, energies } = planTriggers(triggers, this.sampleRate, this.hopSize);
    this.plans = plans;
    this.partners = this.plans.map(() => undefined);
    this.index = new CandidateIndex(this.plans, this.limits);
    this.longestPatternHops = Math.max(1, ...this.plans.map((p) => p.slotCount * p.slotHops));
    // A `combined` trigger is scored on whichever band reads better in each slot: two chances for
    // programme to fit it, so it counts twice (as in the field detector, field-look-elsewhere.ts).
    let patterns = 0;
    for (const plan of this.plans) patterns += plan.bands[0]?.length ?? 1;
    this.decisionDb = decisionThresholdDb(this.tuning, patterns);
    const historyHops = Math.max(1, ...this.plans.map((p) => p.historyHops)) + 2;
    this.bank = new ToneBank(this.sampleRate, this.hopSize, frequencies, historyHops);
    energies.start(historyHops);
    this.energies = energies;
    this.trackers = this.plans.map(() => ({ active: false, best: 0, bestHop: 0, cooldownUntilHop: 0 }));
    this.active = [];
    this.pending = [];
    this.claimed = [];
  }

  reset(): void {
    this.samplesPushed = 0;
    this.setTriggers(this.plans.map((p) => p.spec));
  }

  push(block: Float32Array): Detection[] {
    const detections: Detection[] = [];
    let at = 0;
    while (at < block.length) {
      const take = Math.min(block.length - at, this.bank.remaining);
      const hopDone = this.bank.feed(block, at, at + take);
      at += take;
      this.samplesPushed += take;
      if (hopDone) {
        this.energies.update(this.bank);
        this.analyse(this.bank.hopsDone - 1, detections);
      }
    }
    return detections;
  }

  private msToHops(ms: number): number {
    return Math.round((ms / 1000) * (this.sampleRate / this.hopSize));
  }

  private analyse(endHop: number, out: Detection[]): void {
    const { minMeanDb, capSlotDb } = this.tuning;
    const holdHops = this.msToHops(this.tuning.holdMs);
    // Only triggers whose every slot passes the per-tone tests can score (robust-candidate-index.ts).
    const candidates = this.candidates;
    candidates.length = 0;
    this.index.candidates(this.energies, endHop, candidates);
    for (const i of candidates) {
      const plan = this.plans[i];
      const tracker = this.trackers[i];
      if (!plan || !tracker || endHop < tracker.cooldownUntilHop) continue;
      // The uncapped mean ranks windows and candidates; the capped one decides whether it counts.
      const score = scoreWindow(plan, this.energies, endHop, this.limits);
      if (score === undefined || score < minMeanDb || (tracker.active && score <= tracker.best)) continue;
      const capped = scoreWindow(plan, this.energies, endHop, this.limits, capSlotDb) ?? 0;
      if (capped >= this.decisionDb) {
        if (!tracker.active) this.active.push(i);
        tracker.active = true;
        tracker.best = score;
        tracker.bestHop = endHop;
      }
    }
    let anyActive = false;
    for (const i of this.active) {
      const plan = this.plans[i];
      const tracker = this.trackers[i];
      // A trigger in its cooldown is not scored and does not hold up decisions.
      if (!plan || !tracker || endHop < tracker.cooldownUntilHop) continue;
      if (endHop - tracker.bestHop >= holdHops) {
        this.propose(i, endHop, holdHops);
        tracker.active = false;
        // The same sound keeps scoring while the window slides past it; one candidate per event.
        tracker.cooldownUntilHop = endHop + plan.slotHops;
      }
      anyActive ||= tracker.active;
    }
    this.active = this.active.filter((i) => this.trackers[i]?.active === true);
    if (this.pending.length === 0) return;
    let oldest = endHop;
    for (const c of this.pending) {
      if (c.notBefore > endHop) return;
      oldest = Math.min(oldest, c.hop);
    }
    if (anyActive && endHop - oldest < this.msToHops(this.tuning.maxWaitMs)) return;
    const decided = this.resolve();
    this.pending = [];
    for (const { candidate, fires } of decided) {
      this.claimed.push(candidate.span);
      if (!fires) continue;
      const tracker = this.trackers[candidate.index];
      if (tracker) tracker.cooldownUntilHop = endHop + this.cooldownHops;
      out.push({
        triggerId: candidate.plan.spec.id,
        timeSec: this.samplesPushed / this.sampleRate,
        score: robustScoreToConfidence(candidate.score),
        // The mean slot ratio the score is made from: tone energy against its neighbourhood.
        snrDb: Math.round(candidate.score * 10) / 10,
      });
    }
    // A claimed span matters only while some pattern window can still reach back into it.
    this.claimed = this.claimed.filter((span) => span.last > endHop - this.longestPatternHops);
  }

  /** Queues trigger `index`'s finished candidate, unless its sound was already decided. */
  private propose(index: number, endHop: number, holdHops: number): void {
    const plan = this.plans[index];
    const tracker = this.trackers[index];
    if (!plan || !tracker) return;
    const span: Span = {
      first: tracker.bestHop - plan.slotCount * plan.slotHops + 1,
      last: tracker.bestHop,
      maxOverlap: this.tuning.maxOverlapSlots * plan.slotHops,
    };
    // Typically another trigger that plays some of this pattern's tones a slot or two earlier
    // fired on this very sound, and the programme happened to supply the rest.
    if (this.claimed.some((c) => sameSound(c, span))) return;
    const notBefore = this.explainedLater(index, tracker.bestHop, endHop, holdHops);
    this.pending.push({ plan, index, score: tracker.best, hop: tracker.bestHop, span, notBefore });
  }

  /**
   * A candidate of plan `index` whose pattern ended at `bestHop` may be made of another trigger's
   * tones: one that plays some of this pattern's tones one or more slots later and is still being
   * played. If such a partner's opening slots match the audio heard so far, the decision waits
   * until the partner's own pattern would have ended (plus the hold), so the arbitration can
   * compare both; otherwise there is nothing to wait for.
   */
  private explainedLater(index: number, bestHop: number, nowHop: number, holdHops: number): number {
    const plan = this.plans[index];
    if (!plan) return nowHop;
    const firstHop = bestHop - plan.slotCount * plan.slotHops + 1;
    let waitUntil = nowHop;
    let partners = this.partners[index];
    if (partners === undefined) {
      partners = shiftedPartners(plan, this.plans);
      this.partners[index] = partners;
    }
    for (const { plan: other, shift } of partners) {
      const otherFirst = firstHop + shift * plan.slotHops;
      const heard = plan.slotCount - shift;
      if (prefixMatches(other, this.energies, otherFirst, heard, nowHop, this.limits)) {
        // The partner's alignment peak can land a few hops either side, then it holds too.
        waitUntil = Math.max(waitUntil, bestHop + shift * plan.slotHops + 2 * holdHops + 10);
      }
    }
    return waitUntil;
  }

  /**
   * Decides the pending candidates, best score first. Candidates whose windows overlap by more
   * than `maxOverlapSlots` claim the same sound, and only one trigger can have been played there:
   * the best wins, unless a different-sounding trigger came within the margin, in which case the
   * sound is ambiguous and none of them fires (a missed trigger is cheaper than a wrong action).
   * Identical-sounding triggers cannot be told apart; the first in the list wins. Candidates on
   * separate stretches of sound are decided independently.
   */
  private resolve(): { candidate: Candidate; fires: boolean }[] {
    const sorted = [...this.pending].sort((a, b) => b.score - a.score || a.plan.order - b.plan.order);
    const decided: { candidate: Candidate; fires: boolean }[] = [];
    for (const best of sorted) {
      if (decided.some((d) => sameSound(d.candidate.span, best.span))) continue;
      let winner = best;
      let ambiguous = false;
      for (const other of sorted) {
        if (other === best || other.plan === best.plan || !sameSound(other.span, best.span)) continue;
        if (other.score > best.score || best.score - other.score >= this.tuning.marginDb) continue;
        if (other.plan.signature !== best.plan.signature) ambiguous = true;
        else if (other.plan.order < winner.plan.order) winner = other;
      }
      decided.push({ candidate: ambiguous ? best : winner, fires: !ambiguous });
    }
    return decided;
  }
}
