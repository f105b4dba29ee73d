import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=100-', { kind: 'partial', range: { start: 100, end: 999 } }],
    ['bytes=900-5000', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=0-0', { kind: 'partial', range: { start: 0, end: 0 } }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-5', { kind: 'whole' }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=abc', { kind: 'unsatisfiable' }],
    ['bytes=-', { kind: 'unsatisfiable' }],
  ])('%s of 1000 bytes -> %o', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
