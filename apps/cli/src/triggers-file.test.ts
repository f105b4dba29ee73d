import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-error.ts';
import { parseTriggersJson } from './triggers-file.ts';

describe('parseTriggersJson', () => {
  it('accepts the documented shape and drops unknown fields', () => {
    const text = JSON.stringify([
      {
        id: 'promo',
        frequencyPattern: [1000, 1200, 1500, 1800],
        durationMs: 1500,
        signal: 'combined',
        name: 'x',
      },
      { id: 7, frequencyPattern: [500, 650] },
    ]);
    expect(parseTriggersJson(text, 't.json')).toEqual([
      { id: 'promo', frequencyPattern: [1000, 1200, 1500, 1800], durationMs: 1500, signal: 'combined' },
      { id: 7, frequencyPattern: [500, 650] },
    ]);
  });

  it.each([
    ['{}', /Expected array/],
    ['[]', /at least one trigger/],
    ['[{"frequencyPattern":[500,600]}]', /\[0\]\.id/],
    ['[{"id":"a","frequencyPattern":[500]}]', /\[0\]\.frequencyPattern/],
    ['[{"id":"a","frequencyPattern":[500,-600]}]', /\[0\]\.frequencyPattern\[1\]/],
    ['[{"id":"a","frequencyPattern":[500,600],"signal":"loud"}]', /\[0\]\.signal/],
    ['[{"id":"a","frequencyPattern":[500,600],"durationMs":1.5}]', /\[0\]\.durationMs/],
  ])('rejects %s', (text, message) => {
    expect(() => parseTriggersJson(text, 't.json')).toThrow(UsageError);
    expect(() => parseTriggersJson(text, 't.json')).toThrow(message);
  });
});
