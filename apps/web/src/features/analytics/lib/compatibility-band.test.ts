import { describe, expect, it } from 'vitest';
import { compatibilityBand } from './compatibility-band';

describe('compatibilityBand', () => {
  it('reads 95 and above High, 85 up to 95 Medium, below 85 Low (SPEC §9)', () => {
    expect([100, 95, 94.9, 85, 84.9, 0].map(compatibilityBand)).toEqual([
      'High',
      'High',
      'Medium',
      'Medium',
      'Low',
      'Low',
    ]);
  });
});
