import type { CorpusClip } from './build-corpus.ts';
import { readF32Range } from './f32-files.ts';
import { SeededRandom } from './seeded-random.ts';

/** Where noise comes from: a corpus programme's recordings (never the one being scored). */
export interface NoiseSource {
  path: string;
  clips: CorpusClip[];
}

/** Clips loaded per bed: each is 45 s, so a bed never repeats within a condition's clip. */
const CLIPS_PER_BED = 8;

/**
 * Real noise for far-field conditions: `babble` is several talkers at once (different speech
 * recordings, each at the same level, summed), `music` is one music recording playing in the
 * room. Unit RMS; the condition scales it to the SNR it needs.
 */
export class NoiseBed {
  private readonly clips: Float32Array[];
  private readonly talkers: number;
  private readonly offsets: number[];
  private index = 0;

  private constructor(clips: Float32Array[], talkers: number, seed: number) {
    this.clips = clips;
    this.talkers = talkers;
    const rng = new SeededRandom(seed);
    this.offsets = Array.from({ length: talkers }, () => rng.int(0, 1_000_000));
  }

  static async load(source: NoiseSource, kind: 'babble' | 'music', seed: number): Promise<NoiseBed> {
    const wanted = source.clips.filter((c) => c.kind === (kind === 'babble' ? 'speech' : 'music'));
    const rng = new SeededRandom(seed);
    const picked = [...wanted].sort(() => rng.next() - 0.5).slice(0, CLIPS_PER_BED);
    const clips: Float32Array[] = [];
    for (const clip of picked) {
      const samples = await readF32Range(source.path, clip.start, clip.length);
      let energy = 0;
      for (const v of samples) energy += v * v;
      const gain = 1 / Math.sqrt(energy / Math.max(1, samples.length) + 1e-12);
      clips.push(samples.map((v) => v * gain));
    }
    if (clips.length === 0) throw new Error(`no ${kind} recordings in the noise source`);
    const talkers = kind === 'babble' ? Math.min(6, clips.length) : 1;
    return new NoiseBed(clips, talkers, seed);
  }

  /** The next sample of the bed (unit RMS). */
  next(): number {
    let sum = 0;
    const n = this.clips.length;
    for (let t = 0; t < this.talkers; t++) {
      const position = this.index + (this.offsets[t] as number);
      const clip = this.clips[(t + Math.floor(position / 1_984_500)) % n] as Float32Array;
      sum += clip[position % clip.length] as number;
    }
    this.index++;
    return sum / Math.sqrt(this.talkers);
  }
}
