import type { DetectorKind } from '@tonemark/audio';

/**
 * The listener runs the coherent detector by default; `?detector=robust` opts into the field
 * detector (speed, tempo, overlaps), which is still experimental because of its false positives
 * in noisy rooms (docs/decisions/detector-default.md).
 */
export function listenerDetectorKind(search: string): DetectorKind {
  return new URLSearchParams(search).get('detector') === 'robust' ? 'robust' : 'coherent';
}
