import type { SpectrumLane } from './spectrum-lane.ts';

/**
 * Steady spectral peaks followed from frame to frame. They only *propose* triggers: a track that
 * has lasted long enough to be a pattern's last tone is looked up, together with the tracks that
 * started one slot or so before it, in the trigger index; the matched-filter score then decides.
 * So a track may be broken, late or spurious (music makes dozens) without harm, as long as the
 * played tones usually start one.
 */
export interface ToneTrack {
  lane: number;
  /** Mean fractional bin of the peaks so far. */
  bin: number;
  /** Centre hop of the first frame that held the peak: about where the tone started. */
  start: number;
  lastHop: number;
  proposed: boolean;
  sumBin: number;
  peaks: number;
  maxPower: number;
  /** Hop of the frame that started the track (or its last onset). */
  firstHop: number;
  /** Centre hops up to this one are marked in the tracker's coverage map. */
  markedTo: number;
  /** Weakest peak since the track's strongest one, and the centre hop of its frame: a tone that
   * fell away (a slot ended, a reverberant tail) and rises again there is a new onset. */
  dipPower: number;
  dipCentre: number;
}

/** Share of hops since a track's onset that held its peak: tones fill their slot, noise
 * peaks come and go. */
export function trackDensity(track: ToneTrack): number {
  return track.peaks / (track.lastHop - track.firstHop + 1);
}

/** A peak must stand this far (power ratio) above the quieter side of its neighbourhood. */
const PEAK_RATIO = 6;
/** Neighbourhood sides, in bins from the peak (about 25-30 Hz at 6 Hz bins). */
const SIDE_NEAR = 4;
const SIDE_FAR = 5;
/** A peak this much stronger than any before in its track marks a new onset. */
const ONSET_RATIO = 3;
/** A track whose peaks fell this far below its strongest (power ratio) and rose again by as much
 * from that dip holds a new onset: the same tone played again a slot or two later (patterns like
 * 1000-850-1000), bridged by the first play's reverberant tail or by programme at that frequency. */
const REONSET_RATIO = 8;
/** A peak continues a track within this many bins. */
const MATCH_BINS = 1;
/** A track survives this many hops without a peak (a tone briefly masked). */
const GAP_HOPS = 3;
/** A track is proposed as a pattern's tone only when at least this share of its hops held it. */
export const MIN_DENSITY = 0.7;
/** Tracks shorter than this (hops from onset to last peak) are not marked as heard: noise. */
const MIN_KEEP_HOPS = 3;
/** Centre hops per block of the coverage map. */
const COVER_BLOCK = 8;
/** More simultaneous tracks than this per lane are not started (dense music). */
const MAX_TRACKS = 128;

export class ToneTracker {
  readonly lane: number;
  readonly active: ToneTrack[] = [];
  /**
   * Where tracks have been, as a coarse map: one cell per (rounded bin, block of COVER_BLOCK
   * centre hops), set when a track that lasted MIN_KEEP_HOPS or more held that bin then. The
   * earlier-tones test asks it whether a tone was heard near a frequency and time: a few cell
   * reads, whatever the number of tracks or triggers.
   */
  private readonly cover: Uint8Array;
  private readonly coverBins: number;
  private readonly coverBlocks: number;
  private clearedBlock = -1;
  /** The ended tracks that could be a pattern's tone (as long and dense as a proposed one). */
  readonly endedLong: ToneTrack[] = [];
  private readonly fromBin: number;
  private readonly toBin: number;
  private readonly keepHops: number;
  private readonly peakBins: number[] = [];
  private readonly peakPower: number[] = [];

  constructor(lane: number, spectrum: SpectrumLane, lowHz: number, highHz: number, keepHops: number) {
    this.lane = lane;
    this.fromBin = Math.max(SIDE_FAR + 1, Math.floor(spectrum.binOf(lowHz)));
    this.toBin = Math.min(spectrum.bins - SIDE_FAR - 2, Math.ceil(spectrum.binOf(highHz)));
    this.keepHops = keepHops;
    this.coverBins = spectrum.bins + 2;
    this.coverBlocks = Math.ceil(keepHops / COVER_BLOCK) + 4;
    this.cover = new Uint8Array(this.coverBins * this.coverBlocks);
  }

  /** Follows the newest frame of `spectrum`; returns the tracks that just reached `minHops`. */
  update(spectrum: SpectrumLane, minHops: number): ToneTrack[] {
    const hop = spectrum.hopsDone - 1;
    const centre = hop - spectrum.frameHops / 2;
    const p = spectrum.current;
    const peaks = this.peakBins;
    const powers = this.peakPower;
    peaks.length = 0;
    powers.length = 0;
    for (let b = this.fromBin; b <= this.toBin; b++) {
      const v = p[b] as number;
      if (!(v > (p[b - 1] as number) && v >= (p[b + 1] as number))) continue;
      const lower = (p[b - SIDE_NEAR] as number) + (p[b - SIDE_FAR] as number);
      const upper = (p[b + SIDE_NEAR] as number) + (p[b + SIDE_FAR] as number);
      if (2 * v < PEAK_RATIO * Math.min(lower, upper) + 2 * spectrum.floorPower) continue;
      // Parabolic interpolation on log power: a Hann main lobe is close to a parabola in dB.
      const a = Math.log((p[b - 1] as number) + 1e-30);
      const c = Math.log((p[b + 1] as number) + 1e-30);
      const m = Math.log(v + 1e-30);
      const denom = a - 2 * m + c;
      peaks.push(b + (denom < 0 ? (0.5 * (a - c)) / denom : 0));
      powers.push(v);
    }
    const matched = new Uint8Array(this.active.length);
    for (let i = 0; i < peaks.length; i++) {
      const bin = peaks[i] as number;
      let best = -1;
      let bestDistance = MATCH_BINS;
      for (let t = 0; t < this.active.length; t++) {
        if (matched[t]) continue;
        const distance = Math.abs((this.active[t] as ToneTrack).bin - bin);
        if (distance <= bestDistance) {
          best = t;
          bestDistance = distance;
        }
      }
      if (best >= 0) {
        matched[best] = 1;
        const track = this.active[best] as ToneTrack;
        const power = powers[i] as number;
        // A much stronger tone taking over a weak (noise) track starts it afresh: its onset is
        // what the pattern's timing is read from.
        if (power > ONSET_RATIO * track.maxPower) {
          track.start = centre;
          track.firstHop = hop;
          track.sumBin = 0;
          track.peaks = 0;
          track.proposed = false;
        } else if (
          track.dipPower * REONSET_RATIO < track.maxPower &&
          power > REONSET_RATIO * track.dipPower
        ) {
          // The new tone began about where the old one's level bottomed out.
          track.start = Math.max(track.dipCentre, centre - spectrum.frameHops / 2);
          track.firstHop = hop;
          track.sumBin = 0;
          track.peaks = 0;
          track.maxPower = power;
          track.proposed = false;
        }
        if (power >= track.maxPower) {
          track.maxPower = power;
          track.dipPower = power;
          track.dipCentre = centre;
        } else if (power < track.dipPower) {
          track.dipPower = power;
          track.dipCentre = centre;
        }
        track.sumBin += bin;
        track.peaks++;
        track.bin = track.sumBin / track.peaks;
        track.lastHop = hop;
      } else if (this.active.length < MAX_TRACKS) {
        this.active.push({
          lane: this.lane,
          bin,
          start: centre,
          lastHop: hop,
          proposed: false,
          sumBin: bin,
          peaks: 1,
          maxPower: powers[i] as number,
          firstHop: hop,
          markedTo: Number.NEGATIVE_INFINITY,
          dipPower: powers[i] as number,
          dipCentre: centre,
        });
      }
    }
    this.clearBlocksTo(Math.floor(centre / COVER_BLOCK));
    const ready: ToneTrack[] = [];
    let keep = 0;
    for (let t = 0; t < this.active.length; t++) {
      const track = this.active[t] as ToneTrack;
      if (hop - track.lastHop > GAP_HOPS) {
        if (track.lastHop - track.firstHop >= minHops && trackDensity(track) >= MIN_DENSITY)
          this.endedLong.push(track);
        continue;
      }
      this.active[keep++] = track;
      if (track.lastHop === hop && track.lastHop - track.firstHop >= MIN_KEEP_HOPS) this.mark(track, centre);
      if (!track.proposed && centre - track.start >= minHops) {
        track.proposed = true;
        if (trackDensity(track) >= MIN_DENSITY) ready.push(track);
      }
    }
    this.active.length = keep;
    const oldest = hop - this.keepHops;
    let drop = 0;
    while (drop < this.endedLong.length && (this.endedLong[drop] as ToneTrack).lastHop < oldest) drop++;
    if (drop > 0) this.endedLong.splice(0, drop);
    return ready;
  }

  /** Marks the track's bin from the centre hop after the last one marked (or its start) to `centre`. */
  private mark(track: ToneTrack, centre: number): void {
    const bin = Math.max(0, Math.min(this.coverBins - 1, Math.round(track.bin)));
    const newest = Math.floor(centre / COVER_BLOCK);
    const from = Math.max(
      0,
      Math.floor(Math.max(track.start, track.markedTo + 1) / COVER_BLOCK),
      newest - this.coverBlocks + 2,
    );
    for (let block = from; block <= newest; block++) {
      this.cover[(block % this.coverBlocks) * this.coverBins + bin] = 1;
    }
    track.markedTo = centre;
  }

  /** Clears the map's cells of every block up to `block` not yet entered (reusing the ring). */
  private clearBlocksTo(block: number): void {
    if (block <= this.clearedBlock) return;
    const first = Math.max(this.clearedBlock + 1, block - this.coverBlocks + 1);
    for (let b = Math.max(0, first); b <= block; b++) {
      const at = (b % this.coverBlocks) * this.coverBins;
      this.cover.fill(0, at, at + this.coverBins);
    }
    this.clearedBlock = block;
  }

  /**
   * Whether a track (one that lasted MIN_KEEP_HOPS or more) held a bin within [lowBin, highBin]
   * at some centre hop within [from, to], to the map's block resolution.
   */
  heardNear(lowBin: number, highBin: number, from: number, to: number): boolean {
    const newest = this.clearedBlock;
    const first = Math.max(0, Math.floor(from / COVER_BLOCK), newest - this.coverBlocks + 2);
    const last = Math.min(newest, Math.floor(to / COVER_BLOCK));
    const lo = Math.max(0, Math.round(lowBin));
    const hi = Math.min(this.coverBins - 1, Math.round(highBin));
    for (let block = first; block <= last; block++) {
      const at = (block % this.coverBlocks) * this.coverBins;
      for (let b = lo; b <= hi; b++) if (this.cover[at + b] === 1) return true;
    }
    return false;
  }
}
