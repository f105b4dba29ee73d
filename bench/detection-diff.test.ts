import type { Detection } from '@tonemark/audio';
import { describe, expect, it } from 'vitest';
import { detectionKey, diffKeys } from './detection-diff.ts';

const t10: Detection = { triggerId: 'T10', timeSec: 570.5, score: 0.9, speed: 1, tempo: 1, snrDb: 33 };

describe('detectionKey', () => {
  it('tells apart one report returned at two stream positions (the benchmark latency)', () => {
    // The same reading, returned on time by one build and 1.4 s after the trigger's end by the other.
    expect(detectionKey(t10, 573.9)).not.toBe(detectionKey(t10, 575.3));
  });

  it('reads one report returned by the same block as one', () => {
    expect(detectionKey({ ...t10 }, 573.9)).toBe(detectionKey(t10, 573.9));
  });
});

describe('diffKeys', () => {
  it('lists what each side alone holds', () => {
    const a = [detectionKey(t10, 573.9), detectionKey({ ...t10, triggerId: 'T12' }, 600)];
    const b = [detectionKey(t10, 575.3), detectionKey({ ...t10, triggerId: 'T12' }, 600)];
    expect(diffKeys(a, b)).toEqual({ onlyA: [a[0]], onlyB: [b[0]] });
    expect(diffKeys(a, a)).toEqual({ onlyA: [], onlyB: [] });
  });
});
