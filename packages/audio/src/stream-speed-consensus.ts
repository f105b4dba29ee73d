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
 * A fit's tempo agrees with the stream's (the median of the readings agreeing with it in speed)
 * when it lies within this relative difference of the span from tempo 1 to that tempo: a slot's
 * timing is misread towards the made one or past it (under programme a boundary moves), never a
 * speed. Played triggers under a speed change read tempo 0.97-1.03, a few 1.06-1.21 (tuning seed
 * 4, speed 1.002, T16 at 1.212); under tempo 0.8 one read 1.064 (held-out T05) and stretched
 * triggers are found at tempo 1 by their made timing (field-played-timing.ts; fp7's T18 under
 * tempo 1.1). The chance fits at speed 1 in streams not slowed read 1.23-1.28 (those at 1.18
 * disagree in speed).
 */
export const TEMPO_AGREE = 0.22;
/** The decision threshold's raise for a fit that disagrees with the recent readings (dB). */
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

  /**
   * Whether a fit at `speed` and `tempo` disagrees with the stream as the readings of the last
   * CONSENSUS_MEMORY_SEC measured it; with no reading nothing disagrees. The readings that agree
   * with the fit in speed measure one stream (a second loudspeaker or the next media item at
   * another speed is a group of its own), and that stream's tempo is their median: one misread
   * slot timing is outvoted by the others instead of vouching for fits like itself (tuning seed
   * 4, speed 1.002: the played T16 read at tempo 1.212 among readings of 0.98-1.02, and a chance
   * T22 at 1.269 0.7 s later agreed with it).
   */
  disagrees(speed: number, tempo: number, atSec: number): boolean {
    this.forget(atSec);
    if (this.readings.length === 0) return false;
    const tempos = this.readings
      .filter((r) => Math.abs(speed / r.speed - 1) <= SPEED_AGREE)
      .map((r) => r.tempo);
    if (tempos.length === 0) return true;
    const stream = median(tempos);
    return !(
      tempo >= Math.min(1, stream) * (1 - TEMPO_AGREE) && tempo <= Math.max(1, stream) * (1 + TEMPO_AGREE)
    );
  }

  clear(): void {
    this.readings = [];
  }

  private forget(atSec: number): void {
    if (this.readings.length > 0 && atSec - (this.readings[0] as Reading).atSec > CONSENSUS_MEMORY_SEC)
      this.readings = this.readings.filter((r) => atSec - r.atSec <= CONSENSUS_MEMORY_SEC);
  }
}

/** The middle value (the mean of the two middle ones for an even count) of a non-empty list. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
