import type { Detector, DetectorOptions } from './detector.ts';
import { FieldDetector } from './field-detector.ts';
import { RobustDetector } from './robust-detector.ts';
import type { Detection, TriggerSpec } from './types.ts';

/**
 * How long a coherent detection waits for the field detector's report of the same occurrence, so
 * the detection can carry its speed, tempo and SNR. The field detector fires ~280 ms after the
 * coherent one (median latencies 360 vs 80 ms on the benchmark); a coherent-only detection costs
 * this much extra latency (docs/decisions/detector-default.md).
 */
export const DUAL_HOLD_SEC = 0.4;

/**
 * Two reports of one trigger closer than this fraction of its pattern length are one occurrence:
 * the two detectors fire within ~0.3 s of each other, a back-to-back repeat a whole pattern later.
 */
const SAME_OCCURRENCE_FRACTION = 0.5;
const DEFAULT_DURATION_MS = 2000;
/** Where a coherent detection's pattern ended, before its report (seconds): its decision hold and
 * its wait for rival candidates (robust-detector.ts, 80 + up to 300 ms), with some slack. */
const COHERENT_END_BEFORE_SEC: [number, number] = [0.5, 0.05];
/**
 * Where a coherent detection's pattern may have ended for the tones reading (seconds before the
 * report; negative: after it). The coherent detector reports its best-scoring 2 s window's end
 * plus its hold, and that window ends up to 0.3 s before a slow pattern's end (tempo 0.8: 2.5 s
 * long) and 0.05 s before a clean one's (tuning split: reports 0.30 s before to 0.19 s after the
 * end). The reading runs once the dual detector's hold (DUAL_HOLD_SEC) is over, so the field
 * spectrum then holds the audio to 0.35 s after the report.
 */
export const TONES_END_BEFORE_SEC: [number, number] = [0.5, -0.35];

/** A detector that can tell whether it fired another trigger on a trigger's sound (field-detector.ts). */
interface SoundClaims {
  heardAsOther(triggerId: string | number, fromSec: number, toSec: number): boolean;
}

const claimsSound = (d: Detector): d is Detector & SoundClaims =>
  typeof (d as Partial<SoundClaims>).heardAsOther === 'function';

/** A detector that can read a trigger's pattern as made and tell whether it holds tones (field-as-made.ts). */
interface AsMadeReading {
  heardAsMade(triggerId: string | number, fromSec: number, toSec: number): boolean;
}

const readsAsMade = (d: Detector): d is Detector & AsMadeReading =>
  typeof (d as Partial<AsMadeReading>).heardAsMade === 'function';

/** A detector that knows the speed and tempo the stream was measured at (stream-speed-consensus.ts). */
interface StreamSpeed {
  streamDisagrees(speed: number, tempo: number): boolean;
}

const knowsStreamSpeed = (d: Detector): d is Detector & StreamSpeed =>
  typeof (d as Partial<StreamSpeed>).streamDisagrees === 'function';

type Source = 'coherent' | 'field';

interface Occurrence {
  detection: Detection;
  seen: Record<Source, boolean>;
  /** Stream time until which the detection is held back waiting for the field detector. */
  holdUntilSec: number;
  emitted: boolean;
  /** A coherent-only detection the guards dropped once its hold was over: nothing was reported,
   * so a field report of the same occurrence arriving later is reported on its own. */
  dropped: boolean;
}

/**
 * Runs the coherent detector (exact-frequency, every trigger scored; clean and codecs) and the
 * field detector (speed, tempo, overlaps) on the same audio and reports the union: an occurrence
 * either finds is reported once, with the earlier time and the field detector's speed, tempo and
 * SNR when it found it too. The union also has the false positives of both (measured in
 * docs/audio-benchmark-notes.md).
 */
export class DualDetector implements Detector {
  readonly kind = 'dual' as const;
  private readonly sampleRate: number;
  private readonly coherent: Detector;
  private readonly field: Detector;
  private windowSec = new Map<string | number, number>();
  private occurrences: Occurrence[] = [];
  private samplesPushed = 0;

  /** Drop a coherent-only detection that does not read as tones in the field spectrum (`heardAsTones`). */
  private readonly requireTonesAsMade: boolean;

  /** `parts` replaces the two detectors (tests script their reports). `requireTonesAsMade` is on
   * by default: with it the full run of 2026-11-24 22:00 read 5 false positives in 30 h at 24
   * triggers where the run before read 23; read at the pattern's real end it no longer costs
   * detection (docs/decisions/audio-fp-guard.md, "Guard 1 revised"). `false` turns it off. */
  constructor(
    opts: DetectorOptions & { requireTonesAsMade?: boolean },
    parts?: { coherent: Detector; field: Detector },
  ) {
    this.sampleRate = opts.sampleRate;
    this.requireTonesAsMade = opts.requireTonesAsMade ?? true;
    this.coherent = parts?.coherent ?? new RobustDetector(opts);
    this.field = parts?.field ?? new FieldDetector(opts);
    this.setWindows(opts.triggers);
  }

  private setWindows(triggers: TriggerSpec[]): void {
    this.windowSec = new Map(
      triggers.map((t) => [t.id, ((t.durationMs ?? DEFAULT_DURATION_MS) / 1000) * SAME_OCCURRENCE_FRACTION]),
    );
  }

  push(block: Float32Array): Detection[] {
    const fromCoherent = this.coherent.push(block);
    const fromField = this.field.push(block);
    this.samplesPushed += block.length;
    const nowSec = this.samplesPushed / this.sampleRate;
    for (const d of fromField) this.merge(d, 'field');
    for (const d of fromCoherent) this.merge(d, 'coherent');
    const out: Detection[] = [];
    for (const o of this.occurrences) {
      if (!o.emitted && (o.seen.field || nowSec >= o.holdUntilSec)) {
        o.emitted = true;
        if (
          !o.seen.field &&
          (this.heardAsOther(o.detection) ||
            this.offStreamSpeed() ||
            (this.requireTonesAsMade && !this.heardAsTones(o.detection)))
        ) {
          o.dropped = true;
          continue;
        }
        out.push(o.detection);
      }
    }
    out.sort((a, b) => a.timeSec - b.timeSec);
    // Kept only while the other detector's report of the same occurrence may still arrive.
    this.occurrences = this.occurrences.filter(
      (o) =>
        !o.emitted || nowSec - o.detection.timeSec <= 2 * (this.windowSec.get(o.detection.triggerId) ?? 1),
    );
    return out;
  }

  /**
   * A coherent detection the field detector did not confirm, where the field detector fired
   * another trigger on the same tones: the better-explaining rule (docs/decisions/
   * audio-field-detector.md). The coherent detector hears only tones as made, so a trigger
   * played 5 % fast whose tones land on another trigger's grid tones, the programme supplying the
   * rest, reads to it as that other trigger (T20 2000-1000-850-1000 at 1.05: 1050 twice, as
   * T12 1050-1800-1050-600 plays them).
   */
  private heardAsOther(d: Detection): boolean {
    const [before, after] = COHERENT_END_BEFORE_SEC;
    return (
      claimsSound(this.field) && this.field.heardAsOther(d.triggerId, d.timeSec - before, d.timeSec - after)
    );
  }

  /**
   * A coherent detection the field detector did not confirm is a reading at speed 1 (the only
   * speed the coherent detector hears); where strong detections just measured the stream clearly
   * off speed 1, a played trigger cannot read there, and it is a chance fit (tuning split, seed 4,
   * speed 0.98: T18 at 84.12 s; docs/decisions/audio-field-detector.md, "stream-speed consensus").
   */
  private offStreamSpeed(): boolean {
    return knowsStreamSpeed(this.field) && this.field.streamDisagrees(1, 1);
  }

  /**
   * A coherent detection the field detector did not confirm must still read as tones in the field
   * detector's finer spectrum: every slot a peak within a bin of its grid frequency, above its
   * reference. Music fills the coherent detector's 2 Hz bins from notes a bin or more away; a
   * played tone peaks where it was made (docs/decisions/audio-fp-guard.md).
   */
  private heardAsTones(d: Detection): boolean {
    const [before, after] = TONES_END_BEFORE_SEC;
    return (
      !readsAsMade(this.field) || this.field.heardAsMade(d.triggerId, d.timeSec - before, d.timeSec - after)
    );
  }

  private merge(d: Detection, source: Source): void {
    const window = this.windowSec.get(d.triggerId) ?? (DEFAULT_DURATION_MS / 1000) * SAME_OCCURRENCE_FRACTION;
    let match: Occurrence | undefined;
    for (const o of this.occurrences) {
      if (o.detection.triggerId !== d.triggerId || o.seen[source]) continue;
      const gap = Math.abs(o.detection.timeSec - d.timeSec);
      if (gap <= window && (match === undefined || gap < Math.abs(match.detection.timeSec - d.timeSec)))
        match = o;
    }
    if (match === undefined) {
      this.occurrences.push({
        detection: { ...d },
        seen: { coherent: source === 'coherent', field: source === 'field' },
        holdUntilSec: source === 'field' ? d.timeSec : d.timeSec + DUAL_HOLD_SEC,
        emitted: false,
        dropped: false,
      });
      return;
    }
    match.seen[source] = true;
    // The coherent report was dropped unreported (a stretched pattern is long, and the field
    // detector can fire after the hold): the field detector's own report stands at its own time,
    // as it would have without the coherent one (tuning seed 2, tempo 0.8: T15 at 542.6 s, fired
    // by the field detector 0.43 s after the coherent report, was reported by neither).
    if (match.dropped && source === 'field') {
      match.detection = { ...d };
      match.emitted = false;
      match.dropped = false;
      return;
    }
    // Once reported, a detection is not changed: the late duplicate is dropped.
    if (match.emitted) return;
    const field = source === 'field' ? d : match.detection;
    match.detection = { ...field, timeSec: Math.min(match.detection.timeSec, d.timeSec) };
  }

  reset(): void {
    this.coherent.reset();
    this.field.reset();
    this.occurrences = [];
    this.samplesPushed = 0;
  }

  setTriggers(triggers: TriggerSpec[]): void {
    this.coherent.setTriggers(triggers);
    this.field.setTriggers(triggers);
    this.setWindows(triggers);
    this.occurrences = this.occurrences.filter((o) => this.windowSec.has(o.detection.triggerId));
  }
}
