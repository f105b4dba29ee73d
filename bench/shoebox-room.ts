import { SeededRandom } from './seeded-random.ts';

export interface ShoeboxRoom {
  /** Room size in metres (length, width, height). */
  size: [number, number, number];
  rt60Sec: number;
  /** Loudspeaker to microphone distance in metres (both 1.2 m high, along the room's length). */
  distanceM: number;
  seed: number;
}

const SPEED_OF_SOUND = 343;
/** Image sources up to this reflection order are placed exactly; later sound is a diffuse tail. */
const IMAGE_ORDER = 4;

/**
 * A room impulse response by the image-source method (Allen and Berkley) for the early part,
 * then a diffuse tail of exponentially decaying noise. Wall reflection coefficients come from
 * Sabine's formula for the requested RT60, and the tail's level from the diffuse-field energy at
 * that distance, so the direct-to-reverberant ratio follows from room, RT60 and distance (at
 * 3 m in a 52 m3 living room with RT60 0.6 s, the reverberant sound is about 15 dB stronger than
 * the direct sound). The direct path has gain 1 at 1 m; the result is normalised to unit energy.
 */
export function shoeboxImpulseResponse(room: ShoeboxRoom, sampleRate: number): Float32Array {
  const [lx, ly, lz] = room.size;
  const volume = lx * ly * lz;
  const surface = 2 * (lx * ly + lx * lz + ly * lz);
  const absorption = Math.min(0.99, (0.161 * volume) / (surface * room.rt60Sec));
  const beta = Math.sqrt(1 - absorption);
  const source: [number, number, number] = [(lx - room.distanceM) / 2, ly * 0.45, 1.2];
  const mic: [number, number, number] = [(lx + room.distanceM) / 2, ly * 0.55, 1.2];
  const length = Math.ceil(room.rt60Sec * 1.1 * sampleRate);
  const ir = new Float64Array(length);
  let earlyEnd = 0;
  for (let nx = -IMAGE_ORDER; nx <= IMAGE_ORDER; nx++) {
    for (let ny = -IMAGE_ORDER; ny <= IMAGE_ORDER; ny++) {
      for (let nz = -IMAGE_ORDER; nz <= IMAGE_ORDER; nz++) {
        for (let px = 0; px < 2; px++) {
          for (let py = 0; py < 2; py++) {
            for (let pz = 0; pz < 2; pz++) {
              const x = (1 - 2 * px) * source[0] + 2 * nx * lx - mic[0];
              const y = (1 - 2 * py) * source[1] + 2 * ny * ly - mic[1];
              const z = (1 - 2 * pz) * source[2] + 2 * nz * lz - mic[2];
              const reflections = Math.abs(2 * nx - px) + Math.abs(2 * ny - py) + Math.abs(2 * nz - pz);
              if (reflections > IMAGE_ORDER) continue;
              const distance = Math.hypot(x, y, z);
              const at = (distance / SPEED_OF_SOUND) * sampleRate;
              const i = Math.floor(at);
              if (i + 1 >= length) continue;
              const gain = beta ** reflections / distance;
              // Fractional delay by linear interpolation: enough for a simulation of rooms.
              ir[i] = (ir[i] as number) + gain * (1 - (at - i));
              ir[i + 1] = (ir[i + 1] as number) + gain * (at - i);
              earlyEnd = Math.max(earlyEnd, i);
            }
          }
        }
      }
    }
  }
  // Diffuse field: reverberant energy density relative to the direct sound at 1 m is
  // 16 pi / (A) with A = surface x absorption (room constant approximation).
  const directAt = room.distanceM;
  const reverberantEnergy = (16 * Math.PI) / (surface * absorption);
  let earlyEnergy = 0;
  const directIndex = Math.floor((directAt / SPEED_OF_SOUND) * sampleRate);
  for (let i = directIndex + 3; i < length; i++) earlyEnergy += (ir[i] as number) ** 2;
  const rng = new SeededRandom(room.seed);
  const decay = Math.log(1000) / (room.rt60Sec * sampleRate);
  const tail = new Float64Array(length);
  let tailEnergy = 0;
  const tailStart = Math.min(earlyEnd, length - 1);
  for (let i = tailStart; i < length; i++) {
    // Fades in over 10 ms so the tail takes over from the early reflections smoothly.
    const fade = Math.min(1, (i - tailStart) / (0.01 * sampleRate));
    const v = fade * rng.gaussian() * Math.exp(-decay * (i - directIndex));
    tail[i] = v;
    tailEnergy += v * v;
  }
  const tailGain = Math.sqrt(Math.max(0, reverberantEnergy - earlyEnergy) / Math.max(tailEnergy, 1e-30));
  let total = 0;
  for (let i = 0; i < length; i++) {
    const v = (ir[i] as number) + (tail[i] as number) * tailGain;
    ir[i] = v;
    total += v * v;
  }
  const norm = 1 / Math.sqrt(total);
  return Float32Array.from(ir, (v) => v * norm);
}

/** Direct-to-reverberant ratio of an impulse response (direct = the first 2.5 ms), in dB. */
export function directToReverberantDb(ir: Float32Array, sampleRate: number): number {
  let first = 0;
  while (first < ir.length && Math.abs(ir[first] as number) < 1e-9) first++;
  const directEnd = first + Math.round(0.0025 * sampleRate);
  let direct = 0;
  let rest = 0;
  ir.forEach((v, i) => {
    if (i < directEnd) direct += v * v;
    else rest += v * v;
  });
  return 10 * Math.log10(direct / rest);
}

/**
 * A small loudspeaker: nothing below about 250 Hz (second-order Butterworth high-pass, RBJ
 * biquad), as a phone, laptop or smart speaker plays the programme.
 */
export class SmallLoudspeaker {
  private readonly b: [number, number, number];
  private readonly a: [number, number];
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(sampleRate: number, cutoffHz = 250) {
    const w = (2 * Math.PI * cutoffHz) / sampleRate;
    const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    this.b = [(1 + cos) / 2 / a0, -(1 + cos) / a0, (1 + cos) / 2 / a0];
    this.a = [(-2 * cos) / a0, (1 - alpha) / a0];
  }

  process(chunk: Float32Array): Float32Array {
    const out = new Float32Array(chunk.length);
    const [b0, b1, b2] = this.b;
    const [a1, a2] = this.a;
    for (let i = 0; i < chunk.length; i++) {
      const x = chunk[i] as number;
      const y = b0 * x + b1 * this.x1 + b2 * this.x2 - a1 * this.y1 - a2 * this.y2;
      this.x2 = this.x1;
      this.x1 = x;
      this.y2 = this.y1;
      this.y1 = y;
      out[i] = y;
    }
    return out;
  }
}
