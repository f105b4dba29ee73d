import { FirDecimator } from './fir-decimator.ts';
import { GoertzelLane } from './goertzel-lane.ts';

/** Tones (and their reference bins) up to this frequency are analysed on a decimated stream. */
export const LOW_LANE_MAX_HZ = 2050;
/** The decimated stream runs at no less than this rate (6.3 kHz at 44.1 kHz, 6 kHz at 48 kHz). */
const LOW_LANE_MIN_RATE = 6000;

/** Decimation factor for the low lane at this sample rate (1 = none). */
export function lowLaneFactor(sampleRate: number): number {
  return Math.max(1, Math.floor(sampleRate / LOW_LANE_MIN_RATE));
}

/**
 * A bank of Goertzel filters at exact frequencies, one complex value per frequency per hop.
 *
 * Each hop's value is the DTFT of that hop's samples at the frequency, with its phase referred to
 * the absolute sample index of the stream. That is what makes the hops add up coherently: summing
 * (optionally weighting) consecutive hop values equals one long DFT over all those samples, so the
 * detector can build 2 Hz-wide analysis bins over a 500 ms slot at any time offset.
 *
 * Frequencies up to LOW_LANE_MAX_HZ (the whole 500-2000 Hz slider range) run on a low-passed,
 * decimated copy of the input; higher ones (ultrasonic) at the full rate. The hop size must be a
 * multiple of the decimation factor (see lowLaneFactor) so both lanes finish hops together.
 */
export class ToneBank {
  readonly frequencies: readonly number[];
  readonly hopSize: number;
  readonly ringHops: number;
  /** Hop values, frequency-major: index `freq * ringHops + (hop % ringHops)`. */
  readonly re: Float64Array;
  readonly im: Float64Array;

  private readonly low: { lane: GoertzelLane; targets: number[]; decimator: FirDecimator | undefined };
  private readonly full: { lane: GoertzelLane; targets: number[] };
  private readonly lowSamples: Float64Array;
  private readonly fullSamples: Float64Array;
  private lowFill = 0;
  private filled = 0;
  private hop = 0;

  constructor(sampleRate: number, hopSize: number, frequencies: readonly number[], ringHops: number) {
    this.frequencies = frequencies;
    this.hopSize = hopSize;
    this.ringHops = ringHops;
    this.re = new Float64Array(frequencies.length * ringHops);
    this.im = new Float64Array(frequencies.length * ringHops);

    const factor = lowLaneFactor(sampleRate);
    const useDecimator = factor > 1 && hopSize % factor === 0;
    const lowRate = useDecimator ? sampleRate / factor : sampleRate;
    const lowTargets: number[] = [];
    const fullTargets: number[] = [];
    frequencies.forEach((f, i) => {
      (f <= LOW_LANE_MAX_HZ && f < lowRate / 2 ? lowTargets : fullTargets).push(i);
    });
    const pick = (targets: number[]) => targets.map((i) => frequencies[i] ?? 0);
    this.low = {
      lane: new GoertzelLane(
        pick(lowTargets),
        lowRate,
        useDecimator ? hopSize / factor : hopSize,
        useDecimator ? factor : 1,
      ),
      targets: lowTargets,
      decimator:
        useDecimator && lowTargets.length > 0
          ? new FirDecimator(sampleRate, factor, LOW_LANE_MAX_HZ)
          : undefined,
    };
    this.full = { lane: new GoertzelLane(pick(fullTargets), sampleRate, hopSize), targets: fullTargets };
    this.lowSamples = new Float64Array(hopSize);
    this.fullSamples = new Float64Array(hopSize);
  }

  /** Index of the next hop to complete (hops completed so far). */
  get hopsDone(): number {
    return this.hop;
  }

  /** Samples still needed to complete the current hop. */
  get remaining(): number {
    return this.hopSize - this.filled;
  }

  /**
   * Feeds `block[from, to)`, which must not run past the end of the current hop. Returns true when
   * the hop is complete (its values are then in the ring at `hopsDone - 1`).
   */
  feed(block: Float32Array, from: number, to: number): boolean {
    const count = to - from;
    if (this.full.lane.count > 0 || (this.low.decimator === undefined && this.low.lane.count > 0)) {
      const x = this.fullSamples;
      for (let i = 0; i < count; i++) x[i] = block[from + i] ?? 0;
      this.full.lane.run(x, 0, count);
      if (this.low.decimator === undefined) this.low.lane.run(x, 0, count);
    }
    if (this.low.decimator) {
      this.lowFill += this.low.decimator.process(block, from, to, this.lowSamples, this.lowFill);
    }
    this.filled += count;
    if (this.filled < this.hopSize) return false;
    // The decimated hop is filtered in one go: small blocks (128 samples) would otherwise split
    // it into short runs, each paying the filters' loads and stores.
    if (this.low.decimator) this.low.lane.run(this.lowSamples, 0, this.lowFill);
    const slot = this.hop % this.ringHops;
    this.low.lane.finishHop(this.re, this.im, this.low.targets, this.ringHops, slot);
    this.full.lane.finishHop(this.re, this.im, this.full.targets, this.ringHops, slot);
    this.filled = 0;
    this.lowFill = 0;
    this.hop++;
    return true;
  }
}
