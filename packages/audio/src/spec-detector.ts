import type { Detector, DetectorOptions } from './detector.ts';
import { DEFAULT_COOLDOWN_MS, DEFAULT_TRIGGER_DURATION_MS } from './engine-constants.ts';
import { signalFrequencies } from './signal-frequencies.ts';
import { consistentMatches, matchPattern, type SpecMatch, tonesMatch } from './spec-pattern-match.ts';
import { SPEC_WINDOW, SpecPeakFinder } from './spec-peaks.ts';
import type { Detection, TriggerSpec } from './types.ts';

/** SPEC §9: detection runs every 300 ms and needs a score of 0.6. */
const SPEC_INTERVAL_SEC = 0.3;
const SPEC_THRESHOLD = 0.6;

interface Observation {
  timeSec: number;
  frequencies: number[];
}

interface SpecTrigger {
  spec: TriggerSpec;
  slots: number[][];
  durationSec: number;
  previous: SpecMatch | undefined;
}

/**
 * The algorithm of SPEC §9, kept as the reference the robust detector is compared with. The
 * tones of a trigger are sequential, so one 2048-sample window sees one tone; the detector
 * therefore matches each pattern against the dominant frequencies of the analyses made during
 * the last trigger duration (plus one interval), in time order. Choices the SPEC leaves open are
 * listed in docs/decisions/audio-spec-detector.md.
 */
export class SpecDetector implements Detector {
  readonly kind = 'spec' as const;
  private readonly sampleRate: number;
  private readonly interval: number;
  private readonly cooldownSec: number;
  private readonly peaks: SpecPeakFinder;
  private readonly ring = new Float64Array(SPEC_WINDOW);
  private readonly window = new Float64Array(SPEC_WINDOW);
  private triggers: SpecTrigger[] = [];
  private history: Observation[] = [];
  private samplesPushed = 0;
  private nextAnalysis = 0;
  private lastFireSec = Number.NEGATIVE_INFINITY;

  constructor(opts: DetectorOptions) {
    if (!(opts.sampleRate > 0)) throw new RangeError(`sampleRate must be positive, got ${opts.sampleRate}`);
    this.sampleRate = opts.sampleRate;
    this.interval = Math.round(SPEC_INTERVAL_SEC * this.sampleRate);
    this.cooldownSec = (opts.cooldownMs ?? DEFAULT_COOLDOWN_MS) / 1000;
    this.peaks = new SpecPeakFinder(this.sampleRate);
    this.setTriggers(opts.triggers);
    this.reset();
  }

  setTriggers(triggers: TriggerSpec[]): void {
    const nyquist = this.sampleRate / 2;
    this.triggers = triggers
      .map((spec) => ({
        spec,
        slots: signalFrequencies(spec.frequencyPattern, spec.signal ?? 'audible').map((t) =>
          t.filter((f) => f < nyquist),
        ),
        durationSec: (spec.durationMs ?? DEFAULT_TRIGGER_DURATION_MS) / 1000,
        previous: undefined,
      }))
      .filter((t) => t.slots.length > 0 && t.slots.every((tones) => tones.length > 0));
  }

  reset(): void {
    this.ring.fill(0);
    this.history = [];
    this.samplesPushed = 0;
    this.nextAnalysis = this.interval;
    this.lastFireSec = Number.NEGATIVE_INFINITY;
    for (const t of this.triggers) t.previous = undefined;
  }

  push(block: Float32Array): Detection[] {
    const detections: Detection[] = [];
    let at = 0;
    while (at < block.length) {
      // Copy up to the next analysis point (or the ring's end) in one go.
      const ringAt = this.samplesPushed % SPEC_WINDOW;
      const take = Math.min(block.length - at, this.nextAnalysis - this.samplesPushed, SPEC_WINDOW - ringAt);
      for (let i = 0; i < take; i++) this.ring[ringAt + i] = block[at + i] ?? 0;
      at += take;
      this.samplesPushed += take;
      if (this.samplesPushed === this.nextAnalysis) {
        this.nextAnalysis += this.interval;
        if (this.samplesPushed >= SPEC_WINDOW) this.analyse(detections);
      }
    }
    return detections;
  }

  private analyse(out: Detection[]): void {
    const now = this.samplesPushed / this.sampleRate;
    const start = this.samplesPushed % SPEC_WINDOW;
    for (let i = 0; i < SPEC_WINDOW; i++) this.window[i] = this.ring[(start + i) % SPEC_WINDOW] ?? 0;
    const found = this.peaks.find(this.window, (f) =>
      this.triggers.some((t) => t.slots.some((s) => tonesMatch(f, s))),
    );
    this.history.push({ timeSec: now, frequencies: found.map((p) => p.frequency) });
    const keepSec = Math.max(0, ...this.triggers.map((t) => t.durationSec)) + SPEC_INTERVAL_SEC;
    this.history = this.history.filter((o) => o.timeSec > now - keepSec - 1e-9);

    let best: { trigger: SpecTrigger; score: number } | undefined;
    for (const trigger of this.triggers) {
      const observed = this.history
        .filter((o) => o.timeSec > now - trigger.durationSec - SPEC_INTERVAL_SEC - 1e-9)
        .flatMap((o) => o.frequencies);
      const match = matchPattern(trigger.slots, observed);
      const previous = trigger.previous;
      trigger.previous = match.score >= SPEC_THRESHOLD ? match : undefined;
      if (!previous || match.score < SPEC_THRESHOLD || !consistentMatches(previous, match)) continue;
      if (!best || match.score > best.score) best = { trigger, score: match.score };
    }
    if (!best || now - this.lastFireSec < this.cooldownSec - 1e-9) return;
    this.lastFireSec = now;
    out.push({ triggerId: best.trigger.spec.id, timeSec: now, score: best.score });
  }
}
