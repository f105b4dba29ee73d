import { FirDecimator } from './fir-decimator.ts';
import { SpectrumLane } from './spectrum-lane.ts';
import { lowLaneFactor } from './tone-bank.ts';

/** Audible lanes keep 400-2250 Hz: the slider range at speeds 0.95-1.05 plus reference bins. */
const AUDIBLE_PASS_HZ = 2250;
const AUDIBLE_LOW_HZ = 400;
/** High bands (by lane kind: 1 ultrasonic, 2 streaming) are mixed down around a centre and kept
 * within +-MIXED_PASS_HZ: the band's tones at speeds 0.95-1.05 plus reference bins. */
const MIXED_CENTRE_HZ: Record<number, number> = { 1: 18_600, 2: 14_250 };
const MIXED_PASS_HZ = 2550;

/** One mixed-down band: its mixer, its two decimators (real and imaginary) and its lanes. */
interface MixedBand {
  stepRe: number;
  stepIm: number;
  phaseRe: number;
  phaseIm: number;
  re: FirDecimator;
  im: FirDecimator;
  lanes: SpectrumLane[];
}

/**
 * Turns the input into the decimated streams the spectrum lanes read: the audible band
 * low-passed and decimated to 6-7 kHz (real), and, when a trigger needs them, the ultrasonic
 * (16-21 kHz) and streaming (12-17 kHz) bands mixed down to 0 Hz and decimated to the same rate
 * (complex). Every lane finishes its hop together; a hop is a whole number of decimated samples
 * (10 ms).
 */
export class FieldFrontEnd {
  readonly hopSize: number;
  readonly laneRate: number;
  private readonly sampleRate: number;
  private readonly factor: number;
  private readonly audible: SpectrumLane[] = [];
  private readonly mixed = new Map<number, MixedBand>();
  private readonly lowDecimator: FirDecimator | undefined;
  private readonly lowOut: Float64Array;
  private readonly reOut: Float64Array;
  private readonly imOut: Float64Array;
  private readonly mixRe: Float32Array;
  private readonly mixIm: Float32Array;
  private filled = 0;
  private hop = 0;

  constructor(sampleRate: number, hopMs: number) {
    this.sampleRate = sampleRate;
    this.factor = lowLaneFactor(sampleRate);
    this.hopSize = this.factor * Math.max(1, Math.round((sampleRate * hopMs) / 1000 / this.factor));
    this.laneRate = sampleRate / this.factor;
    this.lowDecimator =
      this.factor > 1 ? new FirDecimator(sampleRate, this.factor, AUDIBLE_PASS_HZ) : undefined;
    const laneHop = this.hopSize / this.factor;
    this.lowOut = new Float64Array(laneHop + 1);
    this.reOut = new Float64Array(laneHop + 1);
    this.imOut = new Float64Array(laneHop + 1);
    this.mixRe = new Float32Array(this.hopSize);
    this.mixIm = new Float32Array(this.hopSize);
  }

  /** Whether lanes of this kind can be made at this sample rate (high bands need 44.1 kHz+). */
  supports(kind: number): boolean {
    if (kind === 0) return true;
    const centre = MIXED_CENTRE_HZ[kind];
    return (
      centre !== undefined &&
      this.factor > 1 &&
      centre + MIXED_PASS_HZ < this.sampleRate / 2 &&
      2 * MIXED_PASS_HZ < this.laneRate
    );
  }

  /** Creates a lane of the given kind (0 audible, 1 ultrasonic, 2 streaming). */
  addLane(kind: number, frameSize: number, ringHops: number): SpectrumLane {
    const laneHop = this.hopSize / this.factor;
    if (kind === 0) {
      const lane = new SpectrumLane({
        rate: this.laneRate,
        frameSize,
        hopSamples: laneHop,
        ringHops,
        lowHz: AUDIBLE_LOW_HZ,
        highHz: AUDIBLE_PASS_HZ,
      });
      this.audible.push(lane);
      return lane;
    }
    const centre = MIXED_CENTRE_HZ[kind];
    if (centre === undefined || !this.supports(kind)) throw new RangeError(`no lane of kind ${kind} here`);
    const lane = new SpectrumLane({
      rate: this.laneRate,
      frameSize,
      hopSamples: laneHop,
      ringHops,
      lowHz: centre - MIXED_PASS_HZ,
      highHz: centre + MIXED_PASS_HZ,
      centreHz: centre,
    });
    let band = this.mixed.get(kind);
    if (!band) {
      const w = (-2 * Math.PI * centre) / this.sampleRate;
      band = {
        stepRe: Math.cos(w),
        stepIm: Math.sin(w),
        phaseRe: 1,
        phaseIm: 0,
        re: new FirDecimator(this.sampleRate, this.factor, MIXED_PASS_HZ),
        im: new FirDecimator(this.sampleRate, this.factor, MIXED_PASS_HZ),
        lanes: [],
      };
      this.mixed.set(kind, band);
    }
    band.lanes.push(lane);
    return lane;
  }

  get remaining(): number {
    return this.hopSize - this.filled;
  }

  get hopsDone(): number {
    return this.hop;
  }

  /** Feeds `block[from, to)` (never past the current hop); true when the hop completed. */
  feed(block: Float32Array, from: number, to: number): boolean {
    const count = to - from;
    if (this.audible.length > 0) {
      if (this.lowDecimator) {
        const n = this.lowDecimator.process(block, from, to, this.lowOut, 0);
        for (let i = 0; i < n; i++) for (const lane of this.audible) lane.push(this.lowOut[i] as number, 0);
      } else {
        for (let i = from; i < to; i++) {
          const x = block[i] as number;
          for (const lane of this.audible) lane.push(Number.isFinite(x) ? x : 0, 0);
        }
      }
    }
    for (const band of this.mixed.values()) this.mix(band, block, from, count);
    this.filled += count;
    if (this.filled < this.hopSize) return false;
    for (const lane of this.audible) lane.finishHop();
    for (const band of this.mixed.values()) for (const lane of band.lanes) lane.finishHop();
    this.filled = 0;
    this.hop++;
    return true;
  }

  /** Mixes `count` samples down by the band's centre (a rotating phasor) and decimates them. */
  private mix(band: MixedBand, block: Float32Array, from: number, count: number): void {
    let pr = band.phaseRe;
    let pi = band.phaseIm;
    for (let i = 0; i < count; i++) {
      const x = block[from + i] as number;
      this.mixRe[i] = x * pr;
      this.mixIm[i] = x * pi;
      const nr = pr * band.stepRe - pi * band.stepIm;
      pi = pr * band.stepIm + pi * band.stepRe;
      pr = nr;
    }
    const norm = 1.5 - 0.5 * (pr * pr + pi * pi);
    band.phaseRe = pr * norm;
    band.phaseIm = pi * norm;
    const n = band.re.process(this.mixRe, 0, count, this.reOut, 0);
    band.im.process(this.mixIm, 0, count, this.imOut, 0);
    for (let i = 0; i < n; i++) {
      for (const lane of band.lanes) lane.push(this.reOut[i] as number, this.imOut[i] as number);
    }
  }
}
