import { describe, expect, it } from 'vitest';
import type { Detector } from './detector.ts';
import { DualDetector } from './dual-detector.ts';
import { embedTrigger } from './embed-trigger.ts';
import { FieldDetector } from './field-detector.ts';
import { mayExcuseMaskedSlot } from './masked-slot-speed.ts';
import { resample } from './resample.ts';
import { synthesizeTrigger } from './synthesize-trigger.ts';
import { ScriptedDetector } from './testing/scripted-detector.ts';
import { pushInBlocks, whiteNoise } from './testing/synthetic-audio.ts';
import type { Detection, TriggerSpec } from './types.ts';

const RATE = 44_100;
const A: TriggerSpec = { id: 'a', frequencyPattern: [1000, 1200, 1500, 1800] };
const B: TriggerSpec = { id: 'b', frequencyPattern: [600, 900, 1300, 1700] };
const AT_SEC = 1;
/** Slot 0's tone 26 dB down: it then reads between the two bars (12 and 20 dB) in this noise. */
const SLOT0_GAIN = 0.05;
/** Where the 2 s pattern played at AT_SEC ends. */
const END_SEC = AT_SEC + 2;

/** A's four slots, each tone moved by `offsetsHz` (music notes beside the grid, or the tones themselves). */
function tones(offsetsHz: readonly number[]): Float32Array {
  const sound = synthesizeTrigger({
    frequencies: A.frequencyPattern.map((f, k) => f + (offsetsHz[k] ?? 0)),
    sampleRate: RATE,
  });
  return embedTrigger(whiteNoise(RATE * 5, 0.01, 3), sound, AT_SEC * RATE);
}

function fieldAfter(samples: Float32Array): FieldDetector {
  const field = new FieldDetector({ sampleRate: RATE, triggers: [A, B] });
  pushInBlocks(samples, 512, (b) => field.push(b));
  return field;
}

describe('heardAsMade: the field reading of a coherent detection', () => {
  it('hears a pattern played as made, ending in the range asked', () => {
    const field = fieldAfter(tones([0, 0, 0, 0]));
    expect(field.heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(true);
    // Another trigger's pattern is not there.
    expect(field.heardAsMade('b', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
    expect(field.heardAsMade('unknown', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
  });

  it('does not hear notes two bins beside the grid tones, which fill a 2 Hz coherent bin with their flank', () => {
    const field = fieldAfter(tones([6.5, -6.5, 6.5, -6.5]));
    expect(field.heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
  });

  it('excuses one slot whose tone does not stand over its reference but is centred, not two', () => {
    // Reverberation's case: the tone's frequency as loud in its reference slots as in its own (a
    // tail or a held note there), so the slot reads no contrast, yet the tone is its strongest sound.
    const samples = tones([0, 0, 0, 0]);
    const sound = (hz: number, fromSec: number, toSec: number) => {
      for (let i = Math.round(fromSec * RATE); i < Math.round(toSec * RATE); i++)
        samples[i] = (samples[i] ?? 0) + 0.15 * Math.sin((2 * Math.PI * hz * i) / RATE);
    };
    // 1500 Hz (slot 2) through the slot before and slots 0-1.
    sound(1500, AT_SEC - 0.5, AT_SEC + 1);
    expect(fieldAfter(samples).heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(true);
    // 1200 Hz (slot 1) too, through the slot before, slot 0 and slots 2-3: two slots excused.
    sound(1200, AT_SEC - 0.5, AT_SEC + 0.5);
    sound(1200, AT_SEC + 1, AT_SEC + 2);
    expect(fieldAfter(samples).heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
  });

  it('hears a tone beside a louder note in one slot, not in two (music around a coherent report)', () => {
    const samples = tones([0, 0, 0, 0]);
    // A note 5 bins (16 Hz) above the slot's tone, louder than the tone, for that slot only.
    const note = (k: number) => {
      const hz = (A.frequencyPattern[k] as number) + 16;
      for (
        let i = Math.round((AT_SEC + k * 0.5) * RATE);
        i < Math.round((AT_SEC + (k + 1) * 0.5) * RATE);
        i++
      )
        samples[i] = (samples[i] ?? 0) + 0.4 * Math.sin((2 * Math.PI * hz * i) / RATE);
    };
    note(1);
    expect(fieldAfter(samples).heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(true);
    note(3);
    expect(fieldAfter(samples).heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
  });

  it('does not excuse a slot whose tone bin holds only the flank of a note beside it', () => {
    // Slot 2's tone moved 4 bins (12 Hz) off: its bin holds the flank, the note stands beside it.
    expect(fieldAfter(tones([0, 0, 12, 0])).heardAsMade('a', END_SEC - 0.3, END_SEC + 0.1)).toBe(false);
  });
});

describe('dual detector: a coherent-only detection must read as tones', () => {
  function dualReports(samples: Float32Array, requireTonesAsMade?: boolean): Detection[] {
    // The coherent part reports A 0.2 s after the pattern ended; the field part is the real one.
    const coherent = new ScriptedDetector(RATE, [{ triggerId: 'a', timeSec: END_SEC + 0.2, score: 0.93 }]);
    const dual = new DualDetector(
      {
        sampleRate: RATE,
        triggers: [A, B],
        ...(requireTonesAsMade === undefined ? {} : { requireTonesAsMade }),
      },
      { coherent, field: new FieldDetector({ sampleRate: RATE, triggers: [A, B] }) },
    );
    return pushInBlocks(samples, 512, (b) => dual.push(b));
  }

  it('drops it where the field spectrum shows the energy peaking beside the grid', () => {
    expect(dualReports(tones([6.5, -6.5, 6.5, -6.5]))).toEqual([]);
  });

  it('keeps it where the tones are there', () => {
    expect(dualReports(tones([0, 0, 0, 0])).map((d) => d.triggerId)).toEqual(['a']);
  });

  it('is on by default and can be switched off', () => {
    expect(dualReports(tones([6.5, -6.5, 6.5, -6.5]), true)).toEqual([]);
    expect(dualReports(tones([6.5, -6.5, 6.5, -6.5]), false).map((d) => d.triggerId)).toEqual(['a']);
  });
});

describe('dual detector: where the tones reading looks for the pattern', () => {
  /** The field detector's spectrum and readings, its own detections withheld: the coherent-only
   * case the tones reading is for. */
  function silentField(): Detector & { heardAsMade: FieldDetector['heardAsMade'] } {
    const field = new FieldDetector({ sampleRate: RATE, triggers: [A, B] });
    return {
      kind: field.kind,
      push: (b) => {
        field.push(b);
        return [];
      },
      reset: () => field.reset(),
      setTriggers: (t) => field.setTriggers(t),
      heardAsMade: (id, from, to) => field.heardAsMade(id, from, to),
    };
  }
  const reportedAt = (samples: Float32Array, timeSec: number) => {
    const coherent = new ScriptedDetector(RATE, [{ triggerId: 'a', timeSec, score: 0.93 }]);
    const dual = new DualDetector({ sampleRate: RATE, triggers: [A, B] }, { coherent, field: silentField() });
    return pushInBlocks(samples, 512, (b) => dual.push(b)).map((d) => d.triggerId);
  };

  it('reads a pattern that ended before the report or, slowed, after it', () => {
    // The coherent detector reports up to 0.2 s after the end, and before the end of a pattern
    // played slower than made (its best 2 s window ends inside it).
    for (const late of [0.2, 0, -0.1, -0.3])
      expect(reportedAt(tones([0, 0, 0, 0]), END_SEC + late)).toEqual(['a']);
  });

  it('still drops notes beside the grid wherever the report falls', () => {
    for (const late of [0.2, -0.1, -0.3])
      expect(reportedAt(tones([6.5, -6.5, 6.5, -6.5]), END_SEC + late)).toEqual([]);
  });
});

describe('masked-slot excuse: off speed 1 only beside strong slots', () => {
  /** A with slot 2's tone 2.5 Hz off where the speed puts it (loud and steady, but off its bin):
   * the masked slot the excuse was made for, played at `speed`, slot 0's tone `slot0Gain` as loud. */
  function maskedAt(speed: number, slot0Gain = 1): Float32Array {
    const sound = synthesizeTrigger({
      frequencies: A.frequencyPattern.map((f, k) => (k === 2 ? f + 2.5 / speed : f)),
      sampleRate: RATE,
    });
    const slot = sound.length / 4;
    for (let i = 0; i < slot; i++) sound[i] = (sound[i] as number) * slot0Gain;
    const played = speed === 1 ? sound : resample(sound, RATE * speed, RATE);
    return embedTrigger(whiteNoise(RATE * 5, 0.01, 3), played, AT_SEC * RATE);
  }
  const detect = (samples: Float32Array) => {
    const field = new FieldDetector({ sampleRate: RATE, triggers: [A, B] });
    return pushInBlocks(samples, 512, (b) => field.push(b)).map((d) => d.triggerId);
  };

  it('excuses it at speed 1', () => {
    expect(mayExcuseMaskedSlot(1)).toBe(true);
    expect(mayExcuseMaskedSlot(1.004)).toBe(true);
    expect(detect(maskedAt(1))).toEqual(['a']);
  });

  it('excuses it off speed 1 when every other slot reads >= 20 dB', () => {
    expect(mayExcuseMaskedSlot(1.02)).toBe(false);
    expect(detect(maskedAt(1.02))).toEqual(['a']);
    expect(detect(maskedAt(0.97))).toEqual(['a']);
  });

  it('does not excuse it off speed 1 beside a slot of 12-20 dB, as it does at speed 1', () => {
    expect(detect(maskedAt(1, SLOT0_GAIN))).toEqual(['a']);
    expect(detect(maskedAt(1.02, SLOT0_GAIN))).toEqual([]);
  });
});
