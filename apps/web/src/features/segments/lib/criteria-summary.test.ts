import { describe, expect, it } from 'vitest';
import { criteriaSummary, parseLanguages } from './criteria-summary';

describe('segment criteria summary', () => {
  it('reads every criterion in one line', () => {
    expect(
      criteriaSummary({
        platforms: ['mobile'],
        os: ['iOS'],
        hours: { from: 18, to: 23 },
        days: [6, 0],
        languages: ['en'],
      }),
    ).toBe('Phones · iOS · 18:00–23:00 · Sun, Sat · en');
    expect(criteriaSummary({})).toBe('Everyone');
  });

  it('parses a language list', () => {
    expect(parseLanguages(' en, pt-BR ;fr')).toEqual(['en', 'pt-BR', 'fr']);
    expect(parseLanguages('  ')).toBeUndefined();
  });
});
