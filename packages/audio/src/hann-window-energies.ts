import type { ToneBank } from './tone-bank.ts';

/** Recompute the sliding sums from scratch this often (in hops) so rounding never accumulates. */
const RESYNC_HOPS = 1024;

interface Track {
  frequency: number;
  length: number;
  /** e^{-j2pi/L} and e^{-jpi/L}: the per-hop rotation of the modulated sums. */
  rotRe: number;
  rotIm: number;
  halfRe: number;
  halfIm: number;
  /** Running sums A = sum P, C = sum P z^(i+1/2), D = sum P z^-(i+1/2), z = e^{j2pi/L}. */
  aRe: number;
  aIm: number;
  cRe: number;
  cIm: number;
  dRe: number;
  dIm: number;
}

/**
 * Energy of one bank frequency through a Hann window of L hops ending at each hop, for every
 * (frequency, L) pair any trigger needs. The Hann window is 1/2 - 1/4 (z^(i+1/2) + z^-(i+1/2)),
 * so its weighted sum is three plain sums that slide in O(1) per hop: the cost no longer depends
 * on the window length or on how many triggers read the same pair, and scoring becomes lookups.
 */
export class HannWindowEnergies {
  private readonly tracks: Track[] = [];
  private readonly index = new Map<number, number>();
  private energy = new Float64Array(0);
  private ringHops = 1;

  /** Returns the pair's id for `energyAt`; call before `start`. */
  register(frequency: number, length: number): number {
    // Numeric keys: thousands of triggers register tens of thousands of windows at set-up.
    const key = frequency * 1_000_000 + length;
    const known = this.index.get(key);
    if (known !== undefined) return known;
    const id = this.tracks.length;
    const angle = (-2 * Math.PI) / length;
    this.tracks.push({
      frequency,
      length,
      rotRe: Math.cos(angle),
      rotIm: Math.sin(angle),
      halfRe: Math.cos(angle / 2),
      halfIm: Math.sin(angle / 2),
      aRe: 0,
      aIm: 0,
      cRe: 0,
      cIm: 0,
      dRe: 0,
      dIm: 0,
    });
    this.index.set(key, id);
    return id;
  }

  start(ringHops: number): void {
    this.ringHops = ringHops;
    this.energy = new Float64Array(this.tracks.length * ringHops);
  }

  /** Energy of pair `id` for the window ending at `endHop` (0 before the stream began). */
  energyAt(id: number, endHop: number): number {
    if (endHop < 0) return 0;
    return this.energy[id * this.ringHops + (endHop % this.ringHops)] ?? 0;
  }

  /** Slides every window to end at the bank's newest hop. The bank's ring must be longer than
   * every window. */
  update(bank: ToneBank): void {
    const hop = bank.hopsDone - 1;
    const ring = bank.ringHops;
    const resync = hop % RESYNC_HOPS === 0;
    for (let id = 0; id < this.tracks.length; id++) {
      const t = this.tracks[id];
      if (!t) continue;
      if (resync) this.recompute(t, bank, hop);
      else {
        const base = t.frequency * ring;
        const inAt = base + (hop % ring);
        const leaving = hop - t.length;
        const outAt = base + (((leaving % ring) + ring) % ring);
        const dRe = (bank.re[inAt] ?? 0) - (leaving >= 0 ? (bank.re[outAt] ?? 0) : 0);
        const dIm = (bank.im[inAt] ?? 0) - (leaving >= 0 ? (bank.im[outAt] ?? 0) : 0);
        t.aRe += dRe;
        t.aIm += dIm;
        // C <- z^-1 C + delta z^-1/2 ; D <- z D + delta z^1/2   (z^-1 = rot, z^-1/2 = half)
        const cRe = t.rotRe * t.cRe - t.rotIm * t.cIm + (dRe * t.halfRe - dIm * t.halfIm);
        const cIm = t.rotRe * t.cIm + t.rotIm * t.cRe + (dRe * t.halfIm + dIm * t.halfRe);
        const dRe2 = t.rotRe * t.dRe + t.rotIm * t.dIm + (dRe * t.halfRe + dIm * t.halfIm);
        const dIm2 = t.rotRe * t.dIm - t.rotIm * t.dRe + (dIm * t.halfRe - dRe * t.halfIm);
        t.cRe = cRe;
        t.cIm = cIm;
        t.dRe = dRe2;
        t.dIm = dIm2;
      }
      const wRe = 0.5 * t.aRe - 0.25 * (t.cRe + t.dRe);
      const wIm = 0.5 * t.aIm - 0.25 * (t.cIm + t.dIm);
      this.energy[id * this.ringHops + (hop % this.ringHops)] = wRe * wRe + wIm * wIm;
    }
  }

  private recompute(t: Track, bank: ToneBank, hop: number): void {
    const ring = bank.ringHops;
    const base = t.frequency * ring;
    t.aRe = t.aIm = t.cRe = t.cIm = t.dRe = t.dIm = 0;
    for (let i = 0; i < t.length; i++) {
      const h = hop - t.length + 1 + i;
      if (h < 0) continue;
      const pRe = bank.re[base + (h % ring)] ?? 0;
      const pIm = bank.im[base + (h % ring)] ?? 0;
      const angle = (2 * Math.PI * (i + 0.5)) / t.length;
      const zr = Math.cos(angle);
      const zi = Math.sin(angle);
      t.aRe += pRe;
      t.aIm += pIm;
      t.cRe += pRe * zr - pIm * zi;
      t.cIm += pRe * zi + pIm * zr;
      t.dRe += pRe * zr + pIm * zi;
      t.dIm += pIm * zr - pRe * zi;
    }
  }
}
