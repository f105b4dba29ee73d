import { describe, expect, it } from 'vitest';
import { activationsCsvUrl } from './export-activations';

describe('activationsCsvUrl', () => {
  it('asks for the CSV of the days and devices in view', () => {
    const url = activationsCsvUrl({
      device: 'ios',
      days: [
        { date: '2026-11-16', count: 0 },
        { date: '2026-11-22', count: 3 },
      ],
    });
    expect(url).toBe(
      '/api/activations?format=csv&device=ios&limit=10000&startDate=2026-11-16&endDate=2026-11-22',
    );
  });
});
