import { describe, expect, it } from 'vitest';
import { listenerDetectorKind } from './detector-choice';

describe('listenerDetectorKind', () => {
  it('is the coherent detector unless the field detector is asked for by name', () => {
    expect(listenerDetectorKind('')).toBe('coherent');
    expect(listenerDetectorKind('?detector=spec')).toBe('coherent');
    expect(listenerDetectorKind('?detector=robust')).toBe('robust');
    expect(listenerDetectorKind('?x=1&detector=robust')).toBe('robust');
  });
});
