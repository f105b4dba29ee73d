import type { DetectorKind } from '@tonemark/audio';

const SELECTABLE: readonly DetectorKind[] = ['dual', 'coherent', 'robust'];

/**
 * The listener runs the dual detector by default (the coherent and the field detector on the
 * same audio, detections merged: docs/decisions/detector-default.md); `?detector=coherent` or
 * `?detector=robust` runs one of them alone.
 */
export function listenerDetectorKind(search: string): DetectorKind {
  const asked = new URLSearchParams(search).get('detector');
  return SELECTABLE.find((kind) => kind === asked) ?? 'dual';
}
