import type { Detector, DetectorOptions } from './detector.ts';
import { mayExcuseFadedSlot } from './faded-slot.ts';
import { heardAsMadeAlone } from './field-as-made-rival.ts';
import { earlyGapLimit, slotFromEarlyOnset } from './field-early-onset.ts';
import { type ExplainedReference, firedTonesExplain } from './field-explained-reference.ts';
import { FieldFrontEnd } from './field-front-end.ts';
import { heldCandidates } from './field-held-group.ts';
import { atPlayedSpeed, isJointFit } from './field-joint-fit.ts';
import { listenedPatterns } from './field-look-elsewhere.ts';
import { pitchDrifts } from './field-pitch-drift.ts';
import { isPlayedAsMade, playedTiming } from './field-played-timing.ts';
import { prescreenOrder, prescreenScore } from './field-prescreen.ts';
import { reportedTiming } from './field-reported-tempo.ts';
import { FailedTimings } from './field-retest.ts';
import { readInRoom } from './field-room-reference.ts';
import { type PlaySpan, samePlay } from './field-same-play.ts';
import {
  bestSlotDb,
  type FieldLimits,
  fitBoundaries,
  type Hypothesis,
  type PatternScore,
  readSlot,
  SLOT_CAP_DB,
  scorePattern,
  tempoOf,
  timingScore,
} from './field-score.ts';
import { readsAsShadow, shadowWaitUntil } from './field-shadow.ts';
import { standsBesideFired } from './field-shared-slot.ts';
import { ownEvidenceDb, weighOwnSlots } from './field-shifted-pair.ts';
import { mustWaitForPrefixRival, slotsOutsideRival } from './field-shifted-prefix.ts';
import {
  MIN_SHARED_TONES,
  ShiftedRivalIndex,
  type SlotSpan,
  slotsSoundedBy,
} from './field-shifted-rivals.ts';
import { readsOnsetTiming, slotAtSpeed } from './field-slot-at-speed.ts';
import { readsAsSpill, type SpillSlot, spillSlots } from './field-spill.ts';
import { nudgedTimings, othersClear } from './field-timing-fallbacks.ts';
import {
  BAND_HZ,
  type FieldPlan,
  type IndexEntry,
  laneKey,
  lookupBuckets,
  MAX_SPEED,
  MAX_TEMPO,
  MAX_TIME_FACTOR,
  MIN_SPEED,
  MIN_TEMPO,
  MIN_TIME_FACTOR,
  planFieldTrigger,
  TriggerIndex,
} from './field-trigger-plan.ts';
import { PitchKeptIndex } from './pitch-kept-lookup.ts';
import { STRETCH_SLOT_HZ } from './pitch-kept-reach.ts';
import { bestPitchKept, heardTonesPlan, mayBePitchKept, type PitchKeptReading } from './pitch-kept-score.ts';
import type { SpectrumLane } from './spectrum-lane.ts';
import { DISAGREE_RAISE_DB, StreamSpeedConsensus } from './stream-speed-consensus.ts';
import { MIN_DENSITY, type ToneTrack, ToneTracker, trackDensity } from './tone-tracks.ts';
import type { Detection, TriggerSpec } from './types.ts';

/** Knobs of the field detector; the defaults are the tuned values (docs/decisions/audio-field-detector.md). */
export interface FieldTuning {
  /** Every slot's tone must stand this far above its reference. */
  minSlotDb: number;
  /** The mean over slots must reach this. */
  minMeanDb: number;
  /** Each half of a slot must hold at least this share of the tone (dB, steady tone = 0). */
  minSteadyDb: number;
  /** Measured tone frequency within this many bins of where the fitted speed puts it. */
  maxFrequencyErrorBins: number;
  /** Different-sounding triggers scoring within this of the best make the result ambiguous. */
  marginDb: number;
  /** Candidates wait this long for others claiming the same sound before they are decided. */
  holdMs: number;
  hopMs: number;
  /**
   * Excuse one slot whose tone a room's notch faded (faded-slot.ts) beside slots of 12 dB for
   * patterns measured at speed 1 (+-0.25 %), of 20 dB off it (off-speed-excuse.ts): unguarded, it
   * set 2-3 false positives per hour at 24 triggers in music retuned by the speed search
   * (docs/decisions/audio-far-field-rooms.md).
   */
  excuseFadedSlot: boolean;
}

export const DEFAULT_FIELD_TUNING: FieldTuning = {
  minSlotDb: 4,
  minMeanDb: 9,
  minSteadyDb: -8,
  maxFrequencyErrorBins: 0.35,
  marginDb: 3,
  holdMs: 60,
  hopMs: 10,
  excuseFadedSlot: true,
};

interface Lane {
  key: string;
  kind: number;
  spectrum: SpectrumLane;
  tracker: ToneTracker;
  /** A track is proposed once it has lasted this long (a fraction of the shortest slot). */
  proposeHops: number;
  /** Start differences between a last tone and the run before it that any plan allows. */
  minGap: number;
  maxGap: number;
  /** Longer gaps up to this are looked up only when the earlier track lasted to the later one's
   * onset (its onset early on programme, field-early-onset.ts). */
  maxEarlyGap: number;
}

interface Deferred {
  plan: FieldPlan;
  /** Where the pattern's last run of tones seems to start (centre hop), and its first slot. */
  anchor: number;
  anchorSlot: number;
  speed: number;
  /** Slot length the track onsets suggest. */
  slot: number;
  /** Scored once this hop is complete. */
  due: number;
  /** When the slowest pattern the search allows would have ended: the wide search waits for it. */
  lateDue: number;
  /** Due at the end the onsets suggest (`earlyDueOf`), not yet verified. */
  early: boolean;
  /** Only its pitch-kept reading (speed 1) passed the prescreen: the played-as-made search is skipped. */
  keptOnly?: boolean;
}

interface Candidate {
  plan: FieldPlan;
  hypothesis: Hypothesis;
  score: PatternScore;
  /** How well the slot boundaries fit (timingScore): of two readings of one occurrence, the
   * better-timed one reports speed and tempo. */
  timingDb: number;
  slots: SlotSpan[];
  decideAt: number;
  /** Set when it fired a report: a later fit of the same play is then withheld (field-same-play.ts). */
  reported?: boolean;
  /** Its slots read as a louder line's spill, when the spill and faded-slot excuses carry it
   * together (field-spill.ts `spillSlots`): decided once a trigger playing that line would be read. */
  spill?: SpillSlot[];
}

/** The play a candidate fitted: its first slot's start to its last slot's end (hops). */
function playOf(c: Candidate): PlaySpan {
  return {
    from: c.slots[0]?.from ?? c.hypothesis.start,
    to: c.slots[c.slots.length - 1]?.to ?? c.hypothesis.start,
  };
}

/** Slot-length steps and start shifts tried around a proposal (coarse, then finer twice). */
const SLOT_STEP = 1.05;
/** A timing fit below this (tone inside its slots over outside, dB) is not scored further. */
const MIN_TIMING_DB = 3;
/** The slot search spans the onsets' estimate divided and multiplied by this. */
const SLOT_SPREAD = 1.2;
/** Trigger count up to which the tuned evidence thresholds apply unchanged. */
const REFERENCE_TRIGGERS = 24;
/** Proposals from every pair of consecutive tones (not only the last two) score this many times
 * more hypotheses per trigger (measured on the tuning split's trigger-free audio: 3.5x the
 * verifications, 3.2x the timing searches), so the threshold counts each trigger this many times:
 * the same rule that keeps false positives per hour flat as triggers are added (+0.9 dB at N = 24). */
const PAIR_PROPOSAL_FACTOR = 3.3;
/** Raise of the mean and per-slot thresholds per tenfold more triggers (dB). */
const MEAN_DB_PER_DECADE = 1.75;
const SLOT_DB_PER_DECADE = 0;
/** The tempo range searched, with the slack of the timing fit (a slot read to about a hop). */
const TEMPO_SLACK_LOW = 0.97;
const TEMPO_SLACK_HIGH = 1.03;
/** Slack of the time factor a proposal's onset difference may give. */
const TIME_FACTOR_SLACK_LOW = 0.9;
const TIME_FACTOR_SLACK_HIGH = 1.1;
/** Relative error of the slot length an onset difference gives, allowed per slot of distance. */
const EARLIER_SLOT_ERROR = 0.15;
/** Earlier tones of a pattern that may go without a track before it is scored: one may be masked
 * (scorePattern excuses one masked slot) or, with `excuseFadedSlot`, faded by a room. */
const MAX_UNHEARD = 1;
/** Start shifts (in slots) of the prescreen's readings. */
const PRESCREEN_SHIFTS = [-0.25, 0, 0.25];
/** The early due (`earlyDueOf`) waits for the prescreen's latest shift, times this slack. */
const EARLY_SHIFT_SLOTS = 0.25;
const EARLY_SLACK = 1.05;
/** Proposals whose prescreen reads this far below the decision threshold (dB, capped mean) are
 * not searched. At N = 24 (threshold 9 dB) played patterns read 7-15 dB there on the tuning split
 * (clean, 2 % fast, room with babble), chance ones mostly below 0. */
const PRESCREEN_BELOW_DB = 5;
/** In frame lengths. */
const COARSE_SHIFTS = [-0.5, -0.25, 0, 0.25, 0.5];
const FINE_PASSES: [number[], number[]][] = [
  [
    [0.975, 1, 1.025],
    [-0.125, 0, 0.125],
  ],
  [
    [0.99, 1, 1.01],
    [-0.0625, 0, 0.0625],
  ],
];
/** A shifted rival is scored once its pattern would have ended with slots this much longer than
 * the candidate's fitted ones (the timing search reaches a little beyond the fitted slot). */
const RIVAL_SLOT_SLACK = 1.1;
const dB = (ratio: number): number => 10 * Math.log10(Math.max(ratio, 1e-3));
/** Two slots at the same time and within this many Hz (or 3 bins) are the same sound. */
const SAME_SOUND_BINS = 3;

/**
 * The field detector: triggers played at another speed (0.95-1.05) or tempo (0.8-1.25), in
 * reverberant noisy rooms, overlapping, repeated, among thousands of active triggers.
 *
 * 1. Spectrum lanes (`FieldFrontEnd`, `SpectrumLane`): 160 ms Hann FFT frames every 10 ms on
 *    the decimated audible band and the mixed-down ultrasonic band, kept as running sums.
 * 2. Tone tracks (`ToneTracker`): steady spectral peaks; when one has lasted a fraction of a slot
 *    it may be a pattern's last tone.
 * 3. Index (`TriggerIndex`): the ratio of that tone to one that started a run earlier, which speed
 *    does not change, names the few triggers to score; speed comes from the tone, slot length
 *    from the start difference.
 * 4. Score (`scorePattern`): once the pattern would have ended, the hypothesis is refined (start,
 *    slot length, then speed from the measured frequencies) and every slot must pass: tone over
 *    neighbours and its own floor, steady over the slot, and at the frequency the speed predicts.
 * 5. Decision: candidates claiming the same sound (same frequency at the same time) are
 *    arbitrated; a fired pattern's sound stays claimed, so one occurrence fires once, and a
 *    repeat or another trigger on other tones fires on its own.
 */
export class FieldDetector implements Detector {
  readonly kind = 'robust' as const;
  private readonly sampleRate: number;
  private readonly tuning: FieldTuning;
  private limits: FieldLimits;
  private minMeanDb = 0;
  private readonly cooldownHops: number;
  private front: FieldFrontEnd;
  private lanes: Lane[] = [];
  private plans: FieldPlan[] = [];
  private planLanes = new Map<FieldPlan, SpectrumLane[]>();
  /** By plan order: the plan's lanes and their longest frame (hops), read per proposal without a
   * map look-up (thousands of proposals a second at 1,000 triggers). */
  private lanesOf: SpectrumLane[][] = [];
  private frameHopsOf = new Float64Array(0);
  private index = new TriggerIndex();
  private keptIndex = new PitchKeptIndex(this.index, []);
  /** Deferred hypotheses by the hop they are due (a lowered due files one again, under its new
   * hop: entries whose due is no longer their bucket's are skipped), and the next hop to read. */
  private dueQueue = new Map<number, Deferred[]>();
  private dueFrom = 0;
  private rivals = new ShiftedRivalIndex([]);
  private pending: Candidate[] = [];
  private claimed: Candidate[] = [];
  private lastFired = new Map<FieldPlan, number>();
  /** Strict tests failed lately, tested again when a trigger fires over them (field-retest.ts). */
  private failed = new FailedTimings();
  private samplesPushed = 0;
  /** The speed and tempo strong detections measured the stream at (stream-speed-consensus.ts);
   * kept across setTriggers (the stream is the same), cleared by reset. */
  private readonly consensus = new StreamSpeedConsensus();
  private readonly found: IndexEntry[] = [];
  /** Deferred hypotheses by trigger (plan order), so a repeated proposal is dropped without a scan. */
  private deferredByPlan: (Deferred[] | undefined)[] = [];
  /** The prescreen's slot orders by pattern length and anchor slot, and its scratch. */
  private readonly prescreenOrders = new Map<number, readonly number[]>();
  private slotDb = new Float64Array(8);
  /** The prescreen's hypothesis, reused (prescreenScore keeps nothing of it). */
  private readonly prescreenHypothesis: Hypothesis = { start: 0, slot: 1, speed: 1 };

  constructor(opts: DetectorOptions & { tuning?: Partial<FieldTuning> }) {
    if (!(opts.sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${opts.sampleRate}`);
    this.sampleRate = opts.sampleRate;
    this.tuning = { ...DEFAULT_FIELD_TUNING, ...opts.tuning };
    this.limits = this.limitsFor(0);
    this.front = new FieldFrontEnd(this.sampleRate, this.tuning.hopMs);
    // Occurrence-based by default (a repeat is a new pattern window); an explicit cooldown is
    // honoured on top, per trigger.
    this.cooldownHops = this.msToHops(opts.cooldownMs ?? 0);
    this.setTriggers(opts.triggers);
  }

  /**
   * The evidence a pattern needs, raised with the number of triggers listened for: every trigger
   * is another chance for music to fit some pattern at some speed and tempo (the mirror effect),
   * so to keep false positives per hour flat the per-candidate false-alarm rate must fall as N
   * grows, which takes a threshold rising with log N. Unchanged up to REFERENCE_TRIGGERS: the
   * thresholds were tuned and priced at 24, and below it the rule is untested in the direction that
   * lowers them. Once it did (the floor sat at about 7 triggers, 0.9 dB under 24's), a listener for
   * 4 triggers read 2 false positives in 7.25 h of held-out trigger-free programme that 24 triggers
   * with the same four never read (listening links, docs/decisions/listening-links.md).
   */
  private limitsFor(triggerCount: number): FieldLimits {
    const counted = Math.max(triggerCount, REFERENCE_TRIGGERS);
    const decades = Math.log10((counted * PAIR_PROPOSAL_FACTOR) / REFERENCE_TRIGGERS);
    this.minMeanDb = this.tuning.minMeanDb + MEAN_DB_PER_DECADE * decades;
    return {
      minRatio: 10 ** ((this.tuning.minSlotDb + SLOT_DB_PER_DECADE * decades) / 10),
      minSteady: 10 ** (this.tuning.minSteadyDb / 10),
      maxFrequencyErrorBins: this.tuning.maxFrequencyErrorBins,
      excuseFadedSlot: this.tuning.excuseFadedSlot,
    };
  }

  /** The decision threshold (dB, capped mean) for the triggers listened for now. */
  get decisionThresholdDb(): number {
    return this.minMeanDb;
  }

  private msToHops(ms: number): number {
    return Math.round((ms / 1000) * (this.sampleRate / this.front.hopSize));
  }

  setTriggers(triggers: TriggerSpec[]): void {
    const front = new FieldFrontEnd(this.sampleRate, this.tuning.hopMs);
    const hopSec = front.hopSize / this.sampleRate;
    const plans: FieldPlan[] = [];
    triggers.forEach((spec, order) => {
      const plan = planFieldTrigger(spec, order, hopSec, front.laneRate, (kind) => front.supports(kind));
      if (plan) plans.push(plan);
    });
    let ringHops = 64;
    for (const plan of plans) {
      ringHops = Math.max(ringHops, Math.ceil(((plan.slotCount + 2) * plan.slotHops) / MIN_TIME_FACTOR) + 64);
    }
    const lanes = new Map<string, Lane>();
    const index = new TriggerIndex();
    const planLanes = new Map<FieldPlan, SpectrumLane[]>();
    for (const plan of plans) {
      const mine: SpectrumLane[] = [];
      for (const band of plan.bands) {
        const key = laneKey(band.kind, plan.frameSize);
        let lane = lanes.get(key);
        const slotMin = plan.slotHops / MAX_TIME_FACTOR;
        const slotMax = plan.slotHops / MIN_TIME_FACTOR;
        if (!lane) {
          const spectrum = front.addLane(band.kind, plan.frameSize, ringHops);
          // Tracks are followed over the band's tones at any speed searched.
          const [bandLo, bandHi] = BAND_HZ[band.kind] as [number, number];
          const [lo, hi] = [bandLo * MIN_SPEED - 30, bandHi * MAX_SPEED + 30];
          lane = {
            key,
            kind: band.kind,
            spectrum,
            tracker: new ToneTracker(band.kind, spectrum, lo, hi, ringHops),
            proposeHops: Number.POSITIVE_INFINITY,
            minGap: Number.POSITIVE_INFINITY,
            maxGap: 0,
            maxEarlyGap: 0,
          };
          lanes.set(key, lane);
        }
        lane.proposeHops = Math.min(lane.proposeHops, Math.max(2, 0.4 * slotMin));
        lane.minGap = Math.min(lane.minGap, 0.85 * slotMin);
        lane.maxGap = Math.max(lane.maxGap, 1.15 * slotMax * (plan.slotCount - 1));
        mine.push(lane.spectrum);
      }
      planLanes.set(plan, mine);
      index.add(plan);
    }
    for (const lane of lanes.values()) {
      // inRange's time-factor test, applied to the whole lane before any look-up: most pairs of
      // music tracks lie too far apart for any indexed run (a third of them at 24 triggers).
      const span = index.spanRange(lane.key);
      if (!span) continue;
      lane.minGap = Math.max(
        lane.minGap,
        (span[0] / (MAX_TIME_FACTOR * TIME_FACTOR_SLACK_HIGH)) * (1 - 1e-9),
      );
      lane.maxGap = Math.min(lane.maxGap, (span[1] / (MIN_TIME_FACTOR * TIME_FACTOR_SLACK_LOW)) * (1 + 1e-9));
      lane.maxEarlyGap = earlyGapLimit(span[1], MIN_SPEED * 0.995);
    }
    this.front = front;
    this.lanes = [...lanes.values()];
    this.plans = plans;
    this.limits = this.limitsFor(listenedPatterns(plans));
    this.planLanes = planLanes;
    this.lanesOf = new Array(triggers.length);
    this.frameHopsOf = new Float64Array(triggers.length);
    for (const [plan, mine] of planLanes) {
      this.lanesOf[plan.order] = mine;
      for (const lane of mine)
        this.frameHopsOf[plan.order] = Math.max(this.frameHopsOf[plan.order] as number, lane.frameHops);
    }
    this.index = index;
    this.keptIndex = new PitchKeptIndex(index, lanes.keys());
    this.dueQueue = new Map();
    this.dueFrom = 0;
    this.rivals = new ShiftedRivalIndex(plans);
    this.deferredByPlan = new Array(triggers.length);
    this.pending = [];
    this.claimed = [];
    this.lastFired = new Map();
    this.failed = new FailedTimings();
  }

  reset(): void {
    this.samplesPushed = 0;
    this.consensus.clear();
    this.setTriggers(this.plans.map((p) => p.spec));
  }

  push(block: Float32Array): Detection[] {
    const out: Detection[] = [];
    let at = 0;
    while (at < block.length) {
      const take = Math.min(block.length - at, this.front.remaining);
      const hopDone = this.front.feed(block, at, at + take);
      at += take;
      this.samplesPushed += take;
      if (hopDone) this.analyse(this.front.hopsDone - 1, out);
    }
    return out;
  }

  private analyse(hop: number, out: Detection[]): void {
    for (const lane of this.lanes) {
      for (const track of lane.tracker.update(lane.spectrum, lane.proposeHops))
        this.propose(lane, track, hop);
    }
    for (; this.dueFrom <= hop; this.dueFrom++) {
      const due = this.dueQueue.get(this.dueFrom);
      if (!due) continue;
      this.dueQueue.delete(this.dueFrom);
      for (const d of due) {
        if (d.due !== this.dueFrom) continue;
        if (d.early) {
          if (!this.verifyEarly(d, hop)) continue;
        } else this.verify(d, hop);
        const mine = this.deferredByPlan[d.plan.order] ?? [];
        // In place, order kept (repeatOf takes the first match), no array returned as splice does.
        const at = mine.indexOf(d);
        if (at >= 0) {
          for (let i = at + 1; i < mine.length; i++) mine[i - 1] = mine[i] as Deferred;
          mine.length--;
        }
        if (mine.length === 0) this.deferredByPlan[d.plan.order] = undefined;
      }
    }
    if (this.pending.length > 0 && this.pending.some((c) => c.decideAt <= hop)) this.decide(hop, out);
  }

  /** Looks a new steady tone up, as a pattern's last tone, with every tone that began a run before. */
  private propose(lane: Lane, track: ToneTrack, hop: number): void {
    const spectrum = lane.spectrum;
    const lastHz = spectrum.hzOf(track.bin);
    const tracker = lane.tracker;
    const buckets = this.index.lane(lane.key);
    if (buckets) {
      const logLast = Math.log(lastHz);
      // Only patterns whose last tone this one can be at an allowed speed (worthScoring's range,
      // widened by a hair so rounding never drops an entry it would keep).
      const minLastHz = (lastHz / (MAX_SPEED * 1.005)) * (1 - 1e-9);
      const maxLastHz = (lastHz / (MIN_SPEED * 0.995)) * (1 + 1e-9);
      for (let list = 0; list < 2; list++) {
        const tracks = list === 0 ? tracker.endedLong : tracker.active;
        for (let i = 0; i < tracks.length; i++) {
          const prev = tracks[i] as ToneTrack;
          const gap = track.start - prev.start;
          if (gap < lane.minGap || prev === track) continue;
          // Longer than any tempo searched: only as a run whose track began early (field-early-onset.ts).
          const early = gap > lane.maxGap;
          if (early && (gap > lane.maxEarlyGap || prev.lastHop < track.start + 0.5 * spectrum.frameHops))
            continue;
          if (prev.lastHop - prev.firstHop < lane.proposeHops || trackDensity(prev) < MIN_DENSITY) continue;
          this.found.length = 0;
          lookupBuckets(
            buckets,
            logLast - Math.log(spectrum.hzOf(prev.bin)),
            this.found,
            minLastHz,
            maxLastHz,
          );
          for (const entry of this.found)
            this.proposeEntry(lane, entry, lastHz, track.start, gap, hop, false, prev.lastHop);
          if (early) continue;
          // Both tones near a pattern's own at speed 1, their ratio off (a pitch-kept stretch).
          this.found.length = 0;
          this.keptIndex.lookup(
            lane.key,
            lastHz,
            spectrum.hzOf(prev.bin),
            this.keptSlackHz(lane),
            this.found,
          );
          for (const entry of this.found) this.proposeEntry(lane, entry, lastHz, track.start, gap, hop, true);
        }
      }
    }
    for (const entry of this.index.singles(lane.key)) {
      const speed = lastHz / entry.lastHz;
      this.schedule(entry, lastHz, track.start, entry.plan.slotHops / speed, hop);
    }
  }

  /** One index entry a new track and an earlier one propose; `keptOnly`: found by their tones at
   * speed 1 (`PitchKeptIndex`), not by their ratio, so read as a pitch-kept stretch only. */
  private proposeEntry(
    lane: Lane,
    entry: IndexEntry,
    lastHz: number,
    lastStart: number,
    gap: number,
    hop: number,
    keptOnly: boolean,
    /** The earlier track's last hop with a peak (played-as-made proposals only). */
    prevLastHop = Number.NEGATIVE_INFINITY,
  ): void {
    let slot = gap / entry.prevSlots;
    // A pitch-kept proposal is at speed 1 whatever its tones' shifts: its pairs and a played-as-made
    // proposal near speed 1 of the same occurrence are then one hypothesis (`repeatOf`).
    const speed = keptOnly ? 1 : lastHz / entry.lastHz;
    // Cheapest tests first: range and repeats, then the track map.
    if (!this.inRange(entry.plan, speed, slot)) {
      // The earlier run's onset early on programme: the slot its speed gives (field-early-onset.ts).
      const atSpeed = slotFromEarlyOnset(
        gap,
        entry.prevSlots,
        entry.plan.slotHops,
        speed,
        prevLastHop,
        lastStart,
        lane.spectrum.frameHops,
      );
      if (atSpeed === undefined || !this.inRange(entry.plan, speed, atSpeed)) return;
      slot = atSpeed;
    }
    const repeat = this.repeatOf(entry.plan, speed, slot, lastStart - entry.lastStartSlot * slot);
    if (repeat) {
      // A later pair of the same occurrence: it may be scored as soon as this pair allows.
      this.lowerDues(repeat, entry, lastStart, slot, hop);
      return;
    }
    if (
      (!keptOnly && this.earlierTonesHeard(lane, entry, speed, lastStart, slot)) ||
      (mayBePitchKept(speed) && this.earlierTonesHeard(lane, entry, 1, lastStart, slot, STRETCH_SLOT_HZ))
    ) {
      const d = this.schedule(entry, keptOnly ? entry.lastHz : lastHz, lastStart, slot, hop, true);
      if (d && keptOnly) d.keptOnly = true;
    }
  }

  /** How far (Hz) a heard track may be from a pattern's tone for the pitch-kept look-up: the
   * stretch's own shift plus a track's measuring error. */
  private keptSlackHz(lane: Lane): number {
    return STRETCH_SLOT_HZ + 0.5 * lane.spectrum.binHz;
  }

  /**
   * Whether the tones the pattern plays before its last two runs were heard as tracks about
   * where this hypothesis puts them (all but `MAX_UNHEARD` of them: one may be masked). A cheap
   * test on the track lists that spares the spectrum look-ups for most of what the index
   * proposes.
   */
  private earlierTonesHeard(
    lane: Lane,
    entry: IndexEntry,
    speed: number,
    anchor: number,
    slot: number,
    /** Extra frequency slack (Hz): a pitch-kept stretch moves each tone on its own. */
    slackHz = 0,
  ): boolean {
    const tones = entry.plan.bands[entry.band]?.tones ?? [];
    const before = entry.lastStartSlot - entry.prevSlots;
    if (before <= 0) return true;
    let unheard = 0;
    for (let k = 0; k < before; k++) {
      const hz = (tones[k] as number) * speed;
      const bin = lane.spectrum.binOf(hz);
      const tolerance =
        Math.max(0.004 * hz, lane.spectrum.binHz, slackHz + 0.5 * lane.spectrum.binHz) / lane.spectrum.binHz;
      const distance = entry.lastStartSlot - k;
      // The track must reach the middle of the slot this puts the tone in, give or take the
      // slot estimate's error (from one onset difference) over the distance, plus a fifth of a slot.
      const middle = anchor - (distance - 0.5) * slot;
      const reach = (EARLIER_SLOT_ERROR * distance + 0.2) * slot;
      const from = middle - reach;
      const to = middle + reach;
      const found = lane.tracker.heardNear(bin - tolerance, bin + tolerance, from, to);
      if (!found) unheard++;
      if (unheard > MAX_UNHEARD) return false;
    }
    return true;
  }

  /** Whether a proposal's speed and tempo are in the range searched. */
  private inRange(plan: FieldPlan, speed: number, slot: number): boolean {
    if (speed < MIN_SPEED * 0.995 || speed > MAX_SPEED * 1.005) return false;
    const factor = plan.slotHops / slot;
    return (
      factor >= MIN_TIME_FACTOR * TIME_FACTOR_SLACK_LOW && factor <= MAX_TIME_FACTOR * TIME_FACTOR_SLACK_HIGH
    );
  }

  /** The hypothesis already deferred with the same pattern start, speed and slot length, whichever
   * of the pattern's tone pairs proposed it. */
  private repeatOf(plan: FieldPlan, speed: number, slot: number, start: number): Deferred | undefined {
    const mine = this.deferredByPlan[plan.order];
    if (!mine) return undefined;
    for (const d of mine) {
      if (
        Math.abs(d.anchor - d.anchorSlot * d.slot - start) < 0.3 * slot &&
        Math.abs(d.speed - speed) < 0.002 &&
        Math.abs(d.slot - slot) < 0.1 * slot
      )
        return d;
    }
    return undefined;
  }

  private enqueue(d: Deferred): void {
    const at = Math.max(d.due, this.dueFrom);
    d.due = at;
    const list = this.dueQueue.get(at);
    if (list) list.push(d);
    else this.dueQueue.set(at, [d]);
  }

  /** A later pair of the same occurrence: its own onset and slot estimate may put the ends sooner. */
  private lowerDues(d: Deferred, entry: IndexEntry, runStart: number, slot: number, hop: number): void {
    d.lateDue = Math.min(d.lateDue, Math.max(hop, this.dueOf(entry, runStart)));
    const due = d.early ? Math.min(d.lateDue, this.earlyDueOf(entry, runStart, slot)) : d.lateDue;
    if (Math.max(hop, due) < d.due) {
      d.due = Math.max(hop, due);
      this.enqueue(d);
    }
  }

  /**
   * The hop when the pattern would have ended at the slot length the onsets suggest, with the
   * prescreen's latest shift and a little slack: the prescreen reads nothing later, so it gives
   * then what it would give at `dueOf`, and a proposal it passes is searched at once. Waiting for
   * the slowest pattern the search allows costs up to a third of a slot per slot still to come
   * (0.5 s and more after the trigger in a reverberant room, where the last tones rarely propose).
   */
  private earlyDueOf(entry: IndexEntry, runStart: number, slot: number): number {
    const runSlots = entry.plan.slotCount - entry.lastStartSlot;
    const frameHops = this.frameHopsOf[entry.plan.order] as number;
    return Math.ceil(runStart + (runSlots + EARLY_SHIFT_SLOTS) * slot * EARLY_SLACK + 0.6 * frameHops + 1);
  }

  /** The hop once the slowest pattern the search allows would have ended, from a run's onset. */
  private dueOf(entry: IndexEntry, runStart: number): number {
    const plan = entry.plan;
    const slotMax = plan.slotHops / MIN_TIME_FACTOR;
    const frameHops = this.frameHopsOf[plan.order] as number;
    const runSlots = plan.slotCount - entry.lastStartSlot;
    return Math.ceil(runStart + runSlots * slotMax + 0.6 * frameHops + 1);
  }

  /** `checked`: the caller has found the proposal in range and no repeat (`propose`). */
  private schedule(
    entry: IndexEntry,
    lastHz: number,
    lastStart: number,
    slot: number,
    hop: number,
    checked = false,
  ): Deferred | undefined {
    const plan = entry.plan;
    const speed = lastHz / entry.lastHz;
    if (!checked && !this.inRange(plan, speed, slot)) return;
    // Scored once the slowest pattern the search allows would have ended.
    const due = this.dueOf(entry, lastStart);
    const repeat = checked
      ? undefined
      : this.repeatOf(plan, speed, slot, lastStart - entry.lastStartSlot * slot);
    if (repeat) {
      this.lowerDues(repeat, entry, lastStart, slot, hop);
      return;
    }
    const slotMax = plan.slotHops / MIN_TIME_FACTOR;
    const lanes = this.lanesOf[plan.order] ?? [];
    const frameHops = this.frameHopsOf[plan.order] as number;
    // A pattern that began before the audio the lanes still hold cannot be scored.
    const oldest = hop - (lanes[0]?.ringHops ?? 0) + 2;
    if (oldest > 0 && lastStart - (entry.lastStartSlot + 2) * slotMax - frameHops < oldest) return;
    const deferred: Deferred = {
      plan,
      anchor: lastStart,
      anchorSlot: entry.lastStartSlot,
      speed,
      slot,
      due: Math.max(Math.min(due, this.earlyDueOf(entry, lastStart, slot)), hop),
      lateDue: Math.max(due, hop),
      early: true,
      // Set here, not added later: one shape for every deferred hypothesis (the due loop reads
      // thousands a second at 1,000 triggers).
      keptOnly: false,
    };
    this.defer(deferred);
    return deferred;
  }

  private defer(d: Deferred): void {
    this.enqueue(d);
    const mine = this.deferredByPlan[d.plan.order];
    if (mine) mine.push(d);
    else this.deferredByPlan[d.plan.order] = [d];
  }

  /**
   * The better-explaining rule: a candidate does not fire before a shifted rival (a trigger that,
   * started some slots later, plays two or more of its tones in the same slots) could be scored,
   * when the rival's slots heard so far are all there, its own tones included. The rival is then
   * scored at the candidate's speed and timing whether or not its own tones proposed it, and the
   * two are arbitrated as one sound (`decide`). Returns the hop until which the candidate waits.
   */
  private waitForRivals(plan: FieldPlan, h: Hypothesis, hop: number): number {
    let until = Number.NEGATIVE_INFINITY;
    for (const rival of this.rivals.of(plan)) {
      const lanes = this.planLanes.get(rival.plan) ?? [];
      const lane = lanes[0];
      if (!lane) continue;
      const start = h.start + rival.shift * h.slot;
      const rh: Hypothesis = { start, slot: h.slot, speed: h.speed };
      // Evidence of the rival beyond the shared tones: slots of its own (another tone than the
      // candidate's at that time) already heard, and reading at least as strong as the
      // candidate's own tones at those times (the rival explains the span better). Without it,
      // every candidate whose last tones begin some rival, or whose rival's own tone the
      // programme happens to play, would wait (most of them at 1,000 triggers).
      let heard = true;
      let own = 0;
      let ownDb = 0;
      const myLane = this.planLanes.get(plan)?.[0];
      const mine = plan.bands[0]?.tones ?? [];
      const theirs = rival.plan.bands[0]?.tones ?? [];
      for (
        let j = Math.max(0, -rival.shift);
        j < rival.plan.slotCount && j + rival.shift < plan.slotCount;
        j++
      ) {
        const r = readSlot(rival.plan, 0, lane, rh, j, false);
        if (!r || r.ratio < this.limits.minRatio) {
          heard = false;
          break;
        }
        if (Math.abs((theirs[j] as number) - (mine[j + rival.shift] as number)) < 1) continue;
        const m = myLane && readSlot(plan, 0, myLane, h, j + rival.shift, false);
        own++;
        ownDb += Math.min(dB(r.ratio), SLOT_CAP_DB) - Math.min(dB(m ? m.ratio : 1), SLOT_CAP_DB);
      }
      if (!heard || ownDb < 0) continue;
      if (own === 0) {
        const ownSlots = slotsOutsideRival(plan.slotCount, rival.plan.slotCount, rival.shift);
        const ownSlotDb = ownSlots.map((k) => {
          const m = myLane && readSlot(plan, 0, myLane, h, k, false);
          return dB(m ? m.ratio : 1);
        });
        if (!mustWaitForPrefixRival(ownSlotDb)) continue;
      }
      const due = Math.max(
        hop,
        Math.ceil(start + rival.plan.slotCount * h.slot * RIVAL_SLOT_SLACK + lane.frameHops + 1),
      );
      const waiting = this.repeatOf(rival.plan, h.speed, h.slot, start);
      if (waiting && due < waiting.due) {
        // Scored in full at the rival's end, filed again under its new hop.
        waiting.due = due;
        waiting.lateDue = Math.min(waiting.lateDue, due);
        this.enqueue(waiting);
      } else if (!waiting) {
        this.defer({
          plan: rival.plan,
          anchor: start,
          anchorSlot: 0,
          speed: h.speed,
          slot: h.slot,
          due,
          lateDue: due,
          early: false,
          keptOnly: false,
        });
      }
      until = Math.max(until, (waiting?.due ?? due) + this.msToHops(this.tuning.holdMs));
    }
    return until;
  }

  /** The prescreen's pass mark, a little under the decision threshold at this N. */
  private prescreenFloor(): number {
    return this.minMeanDb - PRESCREEN_BELOW_DB;
  }

  private prescreenOrder(slotCount: number, anchorSlot: number): readonly number[] {
    const key = slotCount * 1024 + anchorSlot;
    let order = this.prescreenOrders.get(key);
    if (!order) {
      order = prescreenOrder(slotCount, anchorSlot);
      this.prescreenOrders.set(key, order);
    }
    return order;
  }

  /**
   * The verification at the early due: the prescreen (final: it reads nothing later), then the
   * search around the onsets' slot length. A proposal that passes the prescreen but is not found
   * yet waits for the late due and is verified in full (`verify`). Returns whether it is done.
   */
  private verifyEarly(d: Deferred, hop: number): boolean {
    d.early = false;
    const floor = this.prescreenFloor();
    // Onsets far off the slot length the tone's speed gives: prescreened there once it has ended.
    // Not a pitch-kept proposal (found by its tones at speed 1, a stretch; 7 % of these second
    // prescreens at 1,000 triggers): the ratio look-up proposes its tones at tempo 1 itself
    // (docs/decisions/field-detector-cost.md, cpu3).
    const slot = d.keptOnly ? undefined : slotAtSpeed(d.plan.slotHops, d.speed, d.slot);
    if (!readsOnsetTiming(d.speed, d.slot, slot) || !this.prescreen(d, floor)) {
      if (slot === undefined) return true;
      d.slot = slot;
      const end = this.endAt(d.plan, d.anchor - d.anchorSlot * slot, slot);
      if (end > hop) {
        d.early = true;
        d.due = end;
        this.enqueue(d);
        return false;
      }
      if (!this.prescreen(d, floor)) return true;
    }
    if (d.lateDue <= hop) {
      this.verify(d, hop);
      return true;
    }
    const narrow = d.keptOnly ? undefined : this.search(d, d.slot / SLOT_SPREAD, d.slot * SLOT_SPREAD);
    let found = narrow && this.strict(d.plan, narrow);
    // Read as pitch-kept once the onsets' timing has ended, not only once the slowest tempo has.
    if (!found && mayBePitchKept(d.speed)) found = this.pitchKept({ ...d, speed: 1 }, floor);
    // A timing found may end later than the onsets suggested: it is decided once it has ended,
    // searched again in full then, as it would have been at the late due.
    const end = found ? this.endOf(d.plan, found.refined) : d.lateDue;
    if (found && end <= hop) {
      this.addCandidate(d.plan, found, hop);
      return true;
    }
    d.due = Math.max(hop + 1, Math.min(d.lateDue, end));
    this.enqueue(d);
    return false;
  }

  /** The hop once the frames of a timing's last slot have all been read (as `dueOf` counts). */
  private endOf(plan: FieldPlan, h: Hypothesis): number {
    return this.endAt(plan, h.start, h.slot);
  }

  private endAt(plan: FieldPlan, start: number, slot: number): number {
    return Math.ceil(start + plan.slotCount * slot + 0.6 * (this.frameHopsOf[plan.order] as number) + 1);
  }

  /** Searches start and slot length around the anchor, then the speed, and scores strictly (the
   * prescreen passed). If that fails with the slot lengths the track onsets suggested (an onset
   * can be off when a tone joins a track another sound began), the whole tempo range is searched
   * once more. */
  private verify(d: Deferred, hop: number): void {
    const plan = d.plan;
    const narrow = d.keptOnly ? undefined : this.search(d, d.slot / SLOT_SPREAD, d.slot * SLOT_SPREAD);
    let found = narrow && this.strict(plan, narrow);
    const wide = !found && narrow ? this.search(d, 0, Number.POSITIVE_INFINITY) : undefined;
    if (wide) found = this.strict(plan, wide);
    // No third search timed by onsets alone: the full run of 2026-11-25 traced 4 of its 7 false
    // positives at 24 triggers to it (docs/decisions/audio-far-field-rooms.md).
    // A room's tails mislead both searches; near speed 1, read the slot length it was made with.
    // A pitch-kept proposal (found by its tones at speed 1) is read so too: in a room a track's
    // frequency wanders a few Hz, the pair's ratio misses its bucket and only the pitch-kept
    // look-up proposes the pattern (rooms5: 3 of the 24 misses in three far-field rooms).
    if (!found && mayExcuseFadedSlot(d.speed)) found = this.playedAsMade(plan, d);
    if (!found && mayBePitchKept(d.speed)) found = this.pitchKept({ ...d, speed: 1 }, this.prescreenFloor());
    if (found) this.addCandidate(plan, found, hop);
    else if (narrow) this.keepFailed(plan, wide ?? narrow, hop);
  }

  /** Until when a reading with spill slots waits: a trigger whose tone those lines may be, started
   * a slot or more after it, is read only after it (field-shadow.ts). */
  private waitForLineOwners(spill: readonly SpillSlot[], h: Hypothesis): number {
    let slotCount = 0;
    for (const p of this.plans) slotCount = Math.max(slotCount, p.slotCount);
    const frameHops = this.lanes.reduce((m, l) => Math.max(m, l.spectrum.frameHops), 0);
    return (
      shadowWaitUntil(spill, slotCount, h.slot, RIVAL_SLOT_SLACK, frameHops) +
      this.msToHops(this.tuning.holdMs)
    );
  }

  /** Whether `c` is read off the lines of another trigger read over the same frames: every spill
   * slot of it under a tone of a candidate claimed, deciding or pending (field-shadow.ts). */
  private isShadow(c: Candidate, reading: readonly Candidate[]): boolean {
    if (!c.spill) return false;
    const others: SlotSpan[] = [];
    for (const x of [...this.claimed, ...reading])
      if (x !== c && x.plan.signature !== c.plan.signature) others.push(...x.slots);
    return readsAsShadow(c.spill, others, this.sameSoundHz(c.plan));
  }

  /** A failed timing, kept until another trigger started up to a pattern later has fired. */
  private keepFailed(plan: FieldPlan, h: Hypothesis, hop: number): void {
    this.failed.add(plan, h, this.endOf(plan, h) + 2 * plan.slotCount * h.slot, hop);
  }

  /** The failed timings whose reference slots the fired candidate's tones sound, tested again
   * now that they are left out of the reference (field-retest.ts). */
  private retestBeside(c: Candidate, hop: number): void {
    for (const x of this.failed.takeExplained(c.plan, c.slots, this.sameSoundHz(c.plan), hop)) {
      const again = this.strict(x.plan, x.h);
      if (again) this.addCandidate(x.plan, again, hop);
    }
  }

  private addCandidate(
    plan: FieldPlan,
    reading: { refined: Hypothesis; score: PatternScore; extraDb?: number },
    hop: number,
  ): void {
    const found = this.undrifted(plan, reading);
    if (!found) return;
    const { refined, score } = found;
    const lanes = this.planLanes.get(plan) ?? [];
    if (readsAsSpill(plan, lanes, refined, this.limits.minRatio)) return;
    // A fit at a speed or tempo the stream was not just measured at needs more evidence.
    if (
      score.decisionDb < this.minMeanDb + DISAGREE_RAISE_DB &&
      this.streamDisagrees(refined.speed, tempoOf(plan, refined))
    )
      return;
    const spilt = spillSlots(plan, lanes, refined, this.limits.minRatio);
    const spill = spilt && spilt.length > 0 ? spilt : undefined;
    const slots: SlotSpan[] = [];
    for (let k = 0; k < plan.slotCount; k++) {
      const from = refined.start + k * refined.slot;
      slots.push({
        from,
        to: from + refined.slot,
        hz: plan.bands.map((b) => (b.tones[k] as number) * refined.speed),
      });
    }
    this.pending.push({
      plan,
      hypothesis: refined,
      score,
      timingDb: timingScore(plan, lanes, refined) ?? Number.NEGATIVE_INFINITY,
      slots,
      decideAt: Math.max(
        hop + this.msToHops(this.tuning.holdMs),
        this.waitForRivals(plan, refined, hop),
        spill ? this.waitForLineOwners(spill, refined) : Number.NEGATIVE_INFINITY,
      ),
      ...(spill ? { spill } : {}),
    });
  }

  /**
   * A reading at tempo 1 whose tones move inside two of its slots (`pitchDrifts`) is music, or a
   * stretched trigger read at the wrong tempo, whose slots straddle the stretcher's splices: it
   * counts only as the stretch it would be, read again as pitch-kept around its timing with the
   * evidence that reading asks for (scale8; fp7 dropped such readings outright and lost a tempo
   * 1.1 trigger found only through one). A pitch-kept reading (`extraDb`) is read as a stretch already.
   */
  private undrifted(
    plan: FieldPlan,
    found: { refined: Hypothesis; score: PatternScore; extraDb?: number },
  ): { refined: Hypothesis; score: PatternScore } | undefined {
    if (found.extraDb !== undefined) return found;
    const lanes = this.planLanes.get(plan) ?? [];
    if (!pitchDrifts(plan, lanes, found.refined)) return found;
    return this.keptAround(plan, lanes, { ...found.refined, speed: 1 }, 'any');
  }

  /**
   * Whether the capped mean score of the proposal's own timing, shifted by up to a quarter slot,
   * reaches `floorDb`: a cheap reading (three hypotheses) that most proposals from chance
   * coincidences of music tracks fail. A reading that cannot reach the floor stops early; the
   * first shift that reaches it decides (its figure is not needed, and a number returned from a
   * call is boxed: 3,000 prescreens a second at 1,000 triggers).
   */
  private prescreen(d: Deferred, floorDb: number): boolean {
    const lanes = this.lanesOf[d.plan.order] ?? [];
    const order = this.prescreenOrder(d.plan.slotCount, d.anchorSlot);
    if (this.slotDb.length < d.plan.slotCount) this.slotDb = new Float64Array(d.plan.slotCount);
    const h = this.prescreenHypothesis;
    h.slot = d.slot;
    h.speed = d.speed;
    for (let i = 0; i < PRESCREEN_SHIFTS.length; i++) {
      h.start = d.anchor + (PRESCREEN_SHIFTS[i] as number) * d.slot - d.anchorSlot * d.slot;
      if (prescreenScore(d.plan, lanes, h, order, floorDb, this.slotDb) >= floorDb) return true;
    }
    return false;
  }

  /** The strict reading at the made slot length (field-played-timing.ts), kept only at speed 1, tempo 1. */
  private playedAsMade(
    plan: FieldPlan,
    d: Deferred,
  ): { refined: Hypothesis; score: PatternScore } | undefined {
    const lanes = this.planLanes.get(plan) ?? [];
    const h = playedTiming(
      plan,
      lanes,
      d.anchor,
      d.anchorSlot,
      d.speed,
      lanes[0]?.frameHops ?? 1,
      this.limits,
    );
    // Only readings at the made speed and tempo are asked: the boundary fit, which strict tries
    // first, follows the room's tails to slots x0.8-1.2 long, and returning that reading (then
    // thrown away off tempo 1) hid the made timing behind it (rooms5: the 6 m tuning room's T19).
    // What strict returns under `only` is that timing (tempo 1 is never a joint fit re-read elsewhere).
    return this.strict(plan, h, isPlayedAsMade);
  }

  /** The best-timed hypothesis for slot lengths in [low, high] (clamped to the tempo range). */
  private search(d: Deferred, low: number, high: number): Hypothesis | undefined {
    const lanes = this.planLanes.get(d.plan) ?? [];
    const plan = d.plan;
    const frameHops = lanes[0]?.frameHops ?? 1;
    const slotMin = Math.max((plan.slotHops / MAX_TIME_FACTOR) * 0.98, low);
    const slotMax = Math.min((plan.slotHops / MIN_TIME_FACTOR) * 1.02, high);
    const best: { h: Hypothesis | undefined; db: number } = { h: undefined, db: Number.NEGATIVE_INFINITY };
    for (let slot = slotMin; slot <= slotMax; slot *= SLOT_STEP) {
      for (const shift of COARSE_SHIFTS) this.tryTiming(d, lanes, slot, shift * frameHops, best);
    }
    // Coarse to fine: each pass around the best so far, with half the steps.
    for (const [scales, shifts] of FINE_PASSES) {
      const found = best.h;
      if (!found || best.db < MIN_TIMING_DB) return undefined;
      const shiftNow = found.start + d.anchorSlot * found.slot - d.anchor;
      for (const scale of scales) {
        for (const shift of shifts) {
          if (scale !== 1 || shift !== 0)
            this.tryTiming(d, lanes, found.slot * scale, shiftNow + shift * frameHops, best);
        }
      }
    }
    return best.h;
  }

  /** Scores one timing (slot length, shift of the anchor in hops) and keeps it if it is the best. */
  private tryTiming(
    d: Deferred,
    lanes: readonly SpectrumLane[],
    slot: number,
    shift: number,
    best: { h: Hypothesis | undefined; db: number },
  ): void {
    const h: Hypothesis = { start: d.anchor + shift - d.anchorSlot * slot, slot, speed: d.speed };
    const db = timingScore(d.plan, lanes, h);
    if (db !== undefined && db > best.db) {
      best.db = db;
      best.h = h;
    }
  }

  /** Refits the timing from the slot boundaries (falling back on the searched timing) and the
   * speed from the measured tones, and applies every per-slot test. */
  private strict(
    plan: FieldPlan,
    found: Hypothesis | undefined,
    /** Refined timings this returns false for are skipped, not returned (the made timing's reading). */
    only?: (plan: FieldPlan, h: Hypothesis) => boolean,
  ): { refined: Hypothesis; score: PatternScore } | undefined {
    if (!found) return undefined;
    const lanes = this.planLanes.get(plan) ?? [];
    // The search's own objective favours slightly short slots (less boundary in them); the
    // boundaries, where readable, time the pattern to a hop.
    const fitted = fitBoundaries(plan, lanes, found);
    const explained = this.firedTonesNear(plan, found);
    const timings = fitted && Math.abs(fitted.slot / found.slot - 1) < 0.25 ? [fitted, found] : [found];
    const searched = timings.length;
    timings.push(...nudgedTimings(found, lanes[0]?.frameHops ?? 0));
    for (const [i, timed] of timings.entries()) {
      const first = scorePattern(plan, lanes, timed, this.limits, false, explained);
      if (!first) continue;
      const refined: Hypothesis = { ...timed, speed: first.measuredSpeed };
      if (refined.speed < MIN_SPEED * 0.99 || refined.speed > MAX_SPEED * 1.01) continue;
      if (i >= searched && !othersClear(plan, lanes, refined)) continue;
      // Slots read outside the tempo range searched are a chance fit, not a played trigger.
      const tempo = tempoOf(plan, refined);
      if (tempo < MIN_TEMPO * TEMPO_SLACK_LOW || tempo > MAX_TEMPO * TEMPO_SLACK_HIGH) continue;
      if (only && !only(plan, refined)) continue;
      let score = scorePattern(plan, lanes, refined, this.limits, true, explained);
      if (!score?.pass || score.decisionDb < this.minMeanDb)
        score = readInRoom(plan, lanes, refined, this.limits, explained);
      if (!score?.pass || score.decisionDb < this.minMeanDb) continue;
      // Off speed 1 and off tempo 1 at once is no player's doing: kept only as a speed change.
      if (!isJointFit(plan, refined)) return { refined, score };
      const played = atPlayedSpeed(plan, lanes, refined, this.limits, this.minMeanDb, explained);
      if (played) return played;
    }
    return undefined;
  }

  /** The reference slots around `h` that triggers fired explain (field-explained-reference.ts). */
  private firedTonesNear(plan: FieldPlan, h: Hypothesis): ExplainedReference | undefined {
    if (this.claimed.length === 0) return undefined;
    const fired: SlotSpan[] = [];
    for (const c of this.claimed) if (Number.isFinite(c.decideAt)) fired.push(...c.slots);
    const from = h.start - 2 * h.slot;
    return firedTonesExplain(fired, from, h.start + (plan.slotCount + 1) * h.slot, this.sameSoundHz(plan));
  }

  /** How close (Hz) a fired trigger's tone must be to one of `plan`'s to be the same sound. */
  private sameSoundHz(plan: FieldPlan): number {
    return SAME_SOUND_BINS * Math.max(...(this.lanesOf[plan.order] ?? []).map((l) => l.binHz));
  }

  /** Whether a fit at `speed` and `tempo` now disagrees with every speed and tempo strong
   * detections measured the stream at lately (stream-speed-consensus.ts); the dual detector asks
   * it of the coherent detector's speed-1 readings. */
  streamDisagrees(speed: number, tempo: number): boolean {
    return this.consensus.disagrees(speed, tempo, this.samplesPushed / this.sampleRate);
  }

  /**
   * Whether a pattern this detector fired for another, different-sounding trigger sounded
   * `triggerId`'s tones, as made (speed and tempo 1), in two or more of its slots, for a pattern
   * ending somewhere between `fromSec` and `toSec`: the coherent detector's detection of
   * `triggerId` there is then the other trigger's sound completed by the programme (dual-detector.ts).
   */
  heardAsOther(triggerId: string | number, fromSec: number, toSec: number): boolean {
    const plan = this.plans.find((p) => p.spec.id === triggerId);
    const lane = plan && this.planLanes.get(plan)?.[0];
    if (!plan || !lane) return false;
    const hopsPerSec = this.sampleRate / this.front.hopSize;
    const others = this.claimed.filter(
      (c) => c.plan !== plan && c.plan.signature !== plan.signature && Number.isFinite(c.decideAt),
    );
    if (others.length === 0) return false;
    const step = plan.slotHops / 4;
    for (let end = fromSec * hopsPerSec; end <= toSec * hopsPerSec; end += step) {
      const slots: SlotSpan[] = [];
      for (let k = 0; k < plan.slotCount; k++) {
        const from = end - (plan.slotCount - k) * plan.slotHops;
        slots.push({ from, to: from + plan.slotHops, hz: plan.bands.map((b) => b.tones[k] as number) });
      }
      for (const c of others) {
        if (slotsSoundedBy(slots, c.slots, SAME_SOUND_BINS * lane.binHz) >= MIN_SHARED_TONES) return true;
      }
    }
    return false;
  }

  /** Whether `triggerId`'s pattern, as made, ending between `fromSec` and `toSec`, reads as tones
   * in every slot (field-as-made.ts) and no trigger sharing one of its tones explains it better
   * (field-as-made-rival.ts): the dual detector's test of a coherent detection. */
  heardAsMade(triggerId: string | number, fromSec: number, toSec: number): boolean {
    const plan = this.plans.find((p) => p.spec.id === triggerId);
    const lane = plan && this.planLanes.get(plan)?.[0];
    const hopsPerSec = this.sampleRate / this.front.hopSize;
    return (
      !!plan &&
      !!lane &&
      heardAsMadeAlone(
        plan,
        lane,
        fromSec * hopsPerSec,
        toSec * hopsPerSec,
        this.limits.minRatio,
        this.plans,
        (p) => this.planLanes.get(p)?.[0],
        SAME_SOUND_BINS * lane.binHz,
      )
    );
  }

  /** The proposal read as a time stretch that kept the pitch (speed 1, each slot's tone a few Hz
   * off the grid, docs/decisions/audio-tempo-pitch-kept.md), with more evidence asked for. */
  private pitchKept(d: Deferred, floor: number): PitchKeptReading | undefined {
    if (!this.prescreen(d, floor)) return undefined;
    const found = this.search(d, d.slot / SLOT_SPREAD, d.slot * SLOT_SPREAD);
    if (!found) return undefined;
    const lanes = this.planLanes.get(d.plan) ?? [];
    const best = this.keptAround(d.plan, lanes, found, 'any');
    if (best) return best;
    // The onsets' slot estimate can be a quarter off at tempo 1.25 (a stretch smears the onsets),
    // which puts the played slot length outside the narrow search: searched once over the range,
    // a second chance for music too, so only a reading at one tempo counts there.
    const wide = this.search(d, 0, Number.POSITIVE_INFINITY);
    return wide && !sameTiming(wide, found) ? this.keptAround(d.plan, lanes, wide, 'agreed') : undefined;
  }

  /**
   * The best pitch-kept reading around a searched timing that reaches its evidence, if any: around
   * the boundary fit's timing, then the one refitted on the tones where they are heard, then (where
   * the fit moved it) the searched timing itself. A stretcher splices grains where the programme
   * correlates, so one boundary can cross a fifth of a slot early and the line through three
   * crossings comes out 15 % short, outside the grid's reach of the timing that reads
   * (docs/decisions/audio-tempo-pitch-kept.md, "Sixth pass"). That last timing is a second chance
   * for music as well, so there only a reading whose tones hand over at one tempo counts.
   */
  private keptAround(
    plan: FieldPlan,
    lanes: readonly SpectrumLane[],
    found: Hypothesis,
    handovers: 'any' | 'agreed',
  ): PitchKeptReading | undefined {
    const fitted = fitBoundaries(plan, lanes, found);
    const timed = fitted && Math.abs(fitted.slot / found.slot - 1) < 0.25 ? fitted : found;
    const slots: [number, number] = [
      plan.slotHops / (MAX_TEMPO * TEMPO_SLACK_HIGH),
      plan.slotHops / (MIN_TEMPO * TEMPO_SLACK_LOW),
    ];
    let best = bestPitchKept(plan, lanes, timed, this.limits, slots, handovers);
    // Timed again from the boundaries of the tones where they are heard (a stretch moved them).
    const refit = fitBoundaries(heardTonesPlan(plan, lanes, timed), lanes, timed);
    if (refit && Math.abs(refit.slot / timed.slot - 1) < 0.25) {
      const again = bestPitchKept(plan, lanes, refit, this.limits, slots, handovers);
      if (again && (!best || again.score.decisionDb - again.extraDb > best.score.decisionDb - best.extraDb))
        best = again;
    }
    const reaches = (r: PitchKeptReading | undefined) =>
      r && r.score.decisionDb >= this.minMeanDb + r.extraDb ? r : undefined;
    if (reaches(best)) return best;
    if (timed === found) return undefined;
    return reaches(bestPitchKept(plan, lanes, found, this.limits, slots, 'agreed'));
  }

  /** One slot in common (same time, same tone) makes two readings of one pattern the same sound;
   * two different triggers need MIN_SHARED_TONES, as a shifted rival does. Overlapping triggers
   * on the 50 Hz grid share one tone at one time by chance (overlap by half: about one pair in
   * twenty), and each then has three slots of its own (docs/decisions/audio-field-detector.md). */
  private sameSound(a: Candidate, b: Candidate): boolean {
    const binHz = Math.max(...(this.planLanes.get(a.plan) ?? []).map((l) => l.binHz));
    const shared = slotsSoundedBy(a.slots, b.slots, SAME_SOUND_BINS * binHz);
    return shared >= (a.plan.signature === b.plan.signature ? 1 : MIN_SHARED_TONES);
  }

  /** The weakest slot of `c` that no slot of `other` sounds (dB over its reference; +Infinity
   * when it has none), one faded or masked slot left out beside another (field-shifted-pair.ts
   * `ownEvidenceDb`): its evidence of its own beside a candidate claiming the same sound. */
  private ownSlotDb(c: Candidate, other: Candidate): number {
    const lanes = this.planLanes.get(c.plan) ?? [];
    const tolerance = this.sameSoundHz(c.plan);
    const own: number[] = [];
    c.slots.forEach((x, k) => {
      if (slotsSoundedBy([x], other.slots, tolerance) > 0) return;
      own.push(bestSlotDb(c.plan, lanes, c.hypothesis, k));
    });
    return ownEvidenceDb(own, dB(this.limits.minRatio));
  }

  /** A candidate sharing a slot with other triggers fired or deciding, and not standing on its other slots (field-shared-slot.ts). */
  private sharesFiredSlot(c: Candidate, decided: readonly Candidate[]): boolean {
    const fired: SlotSpan[] = [];
    for (const x of [...this.claimed, ...decided])
      if (x.plan.signature !== c.plan.signature) fired.push(...x.slots);
    if (fired.length === 0) return false;
    const lanes = this.planLanes.get(c.plan) ?? [];
    const binHz = Math.max(...lanes.map((l) => l.binHz));
    const alone = standsBesideFired(
      c.plan,
      lanes,
      c.hypothesis,
      c.slots,
      fired,
      SAME_SOUND_BINS * binHz,
      this.limits,
    );
    return alone === false;
  }

  /**
   * Decides the pending candidates, best first. A candidate whose sound (a slot at the same time
   * and frequency) was already claimed is the same occurrence, or another trigger's tones heard
   * again: it is dropped. Among candidates claiming the same sound the best fires, unless a
   * different-sounding trigger came within the margin (ambiguous: none fires, a missed trigger
   * being cheaper than a wrong action). Candidates on different sounds fire independently, so
   * overlapping triggers on different tones both fire.
   */
  private decide(hop: number, out: Detection[]): void {
    const sorted = [...this.pending].sort(
      (a, b) => b.score.meanDb - a.score.meanDb || a.plan.order - b.plan.order,
    );
    this.pending = [];
    const decided: Candidate[] = [];
    const holdHops = this.msToHops(this.tuning.holdMs);
    // Those still waiting (for rivals of their own), and every candidate claiming the sound of a
    // different-sounding one held, to closure: decided together (field-held-group.ts).
    const held = heldCandidates(
      sorted,
      (c) => c.decideAt > hop + holdHops,
      (a, b) => this.sameSound(a, b),
    );
    for (const c of sorted) {
      if (held.has(c)) {
        this.pending.push(c);
        continue;
      }
      // Withheld as a whole (no claim): another trigger's lines carry its spill slots.
      if (this.isShadow(c, sorted)) continue;
      // A deciding candidate claiming the same sound is a rival, weighed below (field-shifted-pair.ts),
      // not a fired trigger whose slot c must stand beside.
      if (
        this.claimed.some((x) => this.sameSound(x, c)) ||
        this.sharesFiredSlot(
          c,
          decided.filter((x) => !this.sameSound(x, c)),
        )
      )
        continue;
      const rival = decided.find((x) => this.sameSound(x, c));
      if (rival) {
        if (rival.plan === c.plan && c.timingDb > rival.timingDb + 1) {
          decided[decided.indexOf(rival)] = c;
          continue;
        }
        if (rival.plan !== c.plan && rival.plan.signature !== c.plan.signature) {
          const weighed = weighOwnSlots(
            this.ownSlotDb(rival, c),
            this.ownSlotDb(c, rival),
            this.tuning.marginDb,
          );
          if (weighed === 'other' && Number.isFinite(rival.decideAt)) {
            decided[decided.indexOf(rival)] = c;
            continue;
          }
          if (
            weighed === 'ambiguous' ||
            (weighed === undefined && rival.score.meanDb - c.score.meanDb < this.tuning.marginDb)
          )
            rival.decideAt = Number.NEGATIVE_INFINITY;
        }
        continue;
      }
      decided.push(c);
    }
    for (const c of decided) {
      this.claimed.push(c);
      if (c.decideAt === Number.NEGATIVE_INFINITY) continue;
      const last = this.lastFired.get(c.plan);
      if (last !== undefined && hop - last < this.cooldownHops) continue;
      this.lastFired.set(c.plan, hop);
      const h = c.hypothesis;
      const timeSec = this.samplesPushed / this.sampleRate;
      const tempo = tempoOf(c.plan, h);
      this.consensus.record(h.speed, tempo, c.score.meanDb, timeSec);
      // Only the report is withheld: claims, readings and retests stay as they were, so the guard
      // removes a report and can add none. The reported plays are the claimed candidates marked
      // reported: they share the claims' horizon, which outlasts any fit overlapping them by half.
      const play = playOf(c);
      if (
        this.claimed.some(
          (x) => x.reported === true && x.plan.spec.id === c.plan.spec.id && samePlay(playOf(x), play),
        )
      )
        continue;
      c.reported = true;
      // The tempo is measured again for the report (field-reported-tempo.ts); the reading that
      // passed, and the stream's consensus above, keep the timing they were found at.
      const timed = reportedTiming(c.plan, this.planLanes.get(c.plan) ?? [], h);
      out.push({
        triggerId: c.plan.spec.id,
        timeSec,
        score: Math.max(0, Math.min(1, 1 - 10 ** (-c.score.meanDb / 10))),
        speed: Math.round(h.speed * 10_000) / 10_000,
        tempo: Math.round(tempoOf(c.plan, timed) * 1000) / 1000,
        snrDb: Math.round(c.score.meanDb * 10) / 10,
      });
    }
    for (const c of decided) if (c.decideAt !== Number.NEGATIVE_INFINITY) this.retestBeside(c, hop);
    const horizon = hop - (this.lanes[0]?.spectrum.ringHops ?? 0);
    this.claimed = this.claimed.filter((c) => (c.slots[c.slots.length - 1]?.to ?? 0) > horizon);
  }
}

/** Two searched timings within a hop of start and 1 % of slot length: the same reading. */
function sameTiming(a: Hypothesis, b: Hypothesis): boolean {
  return Math.abs(a.start - b.start) < 1 && Math.abs(a.slot / b.slot - 1) < 0.01;
}
