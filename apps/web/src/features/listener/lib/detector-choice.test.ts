import { describe, expect, it } from 'vitest';
import { listenerDetectorKind } from './detector-choice';

describe('listenerDetectorKind', () => {
  it('is the dual detector unless one detector is asked for by name', () => {
    expect(listenerDetectorKind('')).toBe('dual');
    expect(listenerDetectorKind('?detector=spec')).toBe('dual');
    expect(listenerDetectorKind('?detector=nonsense')).toBe('dual');
    expect(listenerDetectorKind('?detector=robust')).toBe('robust');
    expect(listenerDetectorKind('?x=1&detector=coherent')).toBe('coherent');
  });
});
