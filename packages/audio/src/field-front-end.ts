import { FirDecimator } from './fir-decimator.ts';
import { SpectrumLane } from './spectrum-lane.ts';
import { lowLaneFactor } from './tone-bank.ts';

/** Audible lanes keep 400-2250 Hz: the slider range at speeds 0.95-1.05 plus reference bins. */
const AUDIBLE_PASS_HZ = 2250;
const AUDIBLE_LOW_HZ = 400;
/** The ultrasonic band is mixed down around this frequency and kept within +-ULTRA_PASS_HZ. */
const ULTRA_CENTRE_HZ = 18_600;
const ULTRA_PASS_HZ = 2550;

/**
 * Turns the input into the decimated streams the spectrum lanes read: the audible band
 * low-passed and decimated to 6-7 kHz (real), and, when any trigger needs it, the 16-21 kHz band
 * mixed down to 0 Hz and decimated to the same rate (complex). Every lane finishes its hop
 * together; a hop is a whole number of decimated samples (10 ms).
 */
export class FieldFrontEnd {
  readonly hopSize: number;
  readonly laneRate: number;
  readonly hasUltrasonic: boolean;
  private readonly factor: number;
  private readonly audible: SpectrumLane[] = [];
  private readonly ultrasonic: SpectrumLane[] = [];
  private readonly lowDecimator: FirDecimator | undefined;
  private readonly ultraRe: FirDecimator | undefined;
  private readonly ultraIm: FirDecimator | undefined;
  private readonly lowOut: Float64Array;
  private readonly reOut: Float64Array;
  private readonly imOut: Float64Array;
  private readonly mixRe: Float32Array;
  private readonly mixIm: Float32Array;
  private readonly stepRe: number;
  private readonly stepIm: number;
  private phaseRe = 1;
  private phaseIm = 0;
  private filled = 0;
  private hop = 0;

  constructor(sampleRate: number, hopMs: number) {
    this.factor = lowLaneFactor(sampleRate);
    this.hopSize = this.factor * Math.max(1, Math.round((sampleRate * hopMs) / 1000 / this.factor));
    this.laneRate = sampleRate / this.factor;
    this.hasUltrasonic =
      this.factor > 1 &&
      ULTRA_CENTRE_HZ + ULTRA_PASS_HZ < sampleRate / 2 &&
      2 * ULTRA_PASS_HZ < this.laneRate;
    this.lowDecimator =
      this.factor > 1 ? new FirDecimator(sampleRate, this.factor, AUDIBLE_PASS_HZ) : undefined;
    if (this.hasUltrasonic) {
      this.ultraRe = new FirDecimator(sampleRate, this.factor, ULTRA_PASS_HZ);
      this.ultraIm = new FirDecimator(sampleRate, this.factor, ULTRA_PASS_HZ);
    }
    const laneHop = this.hopSize / this.factor;
    this.lowOut = new Float64Array(laneHop + 1);
    this.reOut = new Float64Array(laneHop + 1);
    this.imOut = new Float64Array(laneHop + 1);
    this.mixRe = new Float32Array(this.hopSize);
    this.mixIm = new Float32Array(this.hopSize);
    const w = (-2 * Math.PI * ULTRA_CENTRE_HZ) / sampleRate;
    this.stepRe = Math.cos(w);
    this.stepIm = Math.sin(w);
  }

  /** Creates a lane of the given kind (0 audible, 1 ultrasonic) fed by this front end. */
  addLane(kind: number, frameSize: number, ringHops: number): SpectrumLane {
    const laneHop = this.hopSize / this.factor;
    const lane = new SpectrumLane(
      kind === 0
        ? {
            rate: this.laneRate,
            frameSize,
            hopSamples: laneHop,
            ringHops,
            lowHz: AUDIBLE_LOW_HZ,
            highHz: AUDIBLE_PASS_HZ,
          }
        : {
            rate: this.laneRate,
            frameSize,
            hopSamples: laneHop,
            ringHops,
            lowHz: ULTRA_CENTRE_HZ - ULTRA_PASS_HZ,
            highHz: ULTRA_CENTRE_HZ + ULTRA_PASS_HZ,
            centreHz: ULTRA_CENTRE_HZ,
          },
    );
    (kind === 0 ? this.audible : this.ultrasonic).push(lane);
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
    if (this.ultrasonic.length > 0 && this.ultraRe && this.ultraIm) {
      let pr = this.phaseRe;
      let pi = this.phaseIm;
      for (let i = 0; i < count; i++) {
        const x = block[from + i] as number;
        this.mixRe[i] = x * pr;
        this.mixIm[i] = x * pi;
        const nr = pr * this.stepRe - pi * this.stepIm;
        pi = pr * this.stepIm + pi * this.stepRe;
        pr = nr;
      }
      const norm = 1.5 - 0.5 * (pr * pr + pi * pi);
      this.phaseRe = pr * norm;
      this.phaseIm = pi * norm;
      const n = this.ultraRe.process(this.mixRe, 0, count, this.reOut, 0);
      this.ultraIm.process(this.mixIm, 0, count, this.imOut, 0);
      for (let i = 0; i < n; i++) {
        for (const lane of this.ultrasonic) lane.push(this.reOut[i] as number, this.imOut[i] as number);
      }
    }
    this.filled += count;
    if (this.filled < this.hopSize) return false;
    for (const lane of this.audible) lane.finishHop();
    for (const lane of this.ultrasonic) lane.finishHop();
    this.filled = 0;
    this.hop++;
    return true;
  }
}
