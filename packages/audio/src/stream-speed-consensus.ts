/**
 * A stream has one playback speed (a device's clock, a pull-down, a player's rate) and a player one
 * tempo. Once strong detections have measured them, a fit at a clearly different speed or tempo
 * within the next while is more likely a chance fit of the programme than a played trigger: on the
 * tuning split every wrong trigger at speed was one (docs/decisions/audio-field-detector.md,
 * "stream-speed consensus"). Such a fit needs more evidence; it is not forbidden, so a second
 * loudspeaker or the next media item at another speed is still heard, and its strong detections
 * become readings of their own.
 */

/** A detection this strong (dB, the detection's SNR) measures the stream's speed and tempo. On the
 * tuning split the chance fits at a disagreeing speed read 10.3-15.2 dB; played triggers mostly more. */
export const CONSENSUS_MIN_DB = 16;
/** How long a reading holds (seconds): a media item's length is unknown, and the next one may be
 * played at another speed, so a reading fades after this. */
export const CONSENSUS_MEMORY_SEC = 60;
/** Speeds within this relative difference agree. Played triggers' fitted speed lies within
 * ±0.05 % of the stream's at 0.95-1.05 and reads 1.000 at 1.002 (a made reading): 0.2 %. The
 * chance fits disagree by 0.9-5 %. */
export const SPEED_AGREE = 0.005;
/**
 * A fit's tempo agrees with a reading's when it lies within this relative difference of the span
 * from tempo 1 to the reading's tempo: a slot's timing is misread towards the made one or past it
 * (under programme a boundary moves), never a speed. Played triggers under a speed change read
 * tempo 0.97-1.03, a few 1.06-1.21 (tuning seed 4, speed 1.002, T16 at 1.212); under tempo 0.8 one
 * read 1.064 (held-out T05) and stretched triggers are found at tempo 1 by their made timing
 * (field-played-timing.ts; fp7's T18 under tempo 1.1). The chance fits at speed 1 in streams not
 * slowed read 1.23-1.28 (those at 1.18 disagree in speed).
 */
export const TEMPO_AGREE = 0.22;
/** The decision threshold's raise for a fit that disagrees with every recent reading (dB). */
export const DISAGREE_RAISE_DB = 4;

interface Reading {
  speed: number;
  tempo: number;
  atSec: number;
}

export class StreamSpeedConsensus {
  private readings: Reading[] = [];

  /** Notes a detection; only a strong one measures the stream. */
  record(speed: number, tempo: number, snrDb: number, atSec: number): void {
    if (!(snrDb >= CONSENSUS_MIN_DB)) return;
    this.forget(atSec);
    this.readings.push({ speed, tempo, atSec });
  }

  /** Whether a fit at `speed` and `tempo` disagrees with every reading of the last
   * CONSENSUS_MEMORY_SEC; with no reading nothing disagrees. */
  disagrees(speed: number, tempo: number, atSec: number): boolean {
    this.forget(atSec);
    if (this.readings.length === 0) return false;
    for (const r of this.readings) {
      const speedAgrees = Math.abs(speed / r.speed - 1) <= SPEED_AGREE;
      const tempoAgrees =
        tempo >= Math.min(1, r.tempo) * (1 - TEMPO_AGREE) &&
        tempo <= Math.max(1, r.tempo) * (1 + TEMPO_AGREE);
      if (speedAgrees && tempoAgrees) return false;
    }
    return true;
  }

  clear(): void {
    this.readings = [];
  }

  private forget(atSec: number): void {
    if (this.readings.length > 0 && atSec - (this.readings[0] as Reading).atSec > CONSENSUS_MEMORY_SEC)
      this.readings = this.readings.filter((r) => atSec - r.atSec <= CONSENSUS_MEMORY_SEC);
  }
}
