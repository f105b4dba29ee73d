import { describe, expect, it } from 'vitest';
import { activationsCsvUrl, activityCsvFilters, countNewlines } from './export-activations';

describe('activationsCsvUrl', () => {
  it('asks for the CSV of the days and devices in view', () => {
    const url = activationsCsvUrl(
      activityCsvFilters({
        device: 'ios',
        days: [
          { date: '2026-11-16', count: 0 },
          { date: '2026-11-22', count: 3 },
        ],
      }),
    );
    expect(url).toBe('/api/activations?format=csv&device=ios&startDate=2026-11-16&endDate=2026-11-22');
  });

  it("asks for the table's filters, leaving out the unset ones", () => {
    expect(
      activationsCsvUrl({
        triggerId: 7,
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: undefined,
        deviceType: 'Web Listener',
      }),
    ).toBe(
      '/api/activations?format=csv&triggerId=7&startDate=2026-11-01T00%3A00%3A00.000Z&deviceType=Web+Listener',
    );
  });
});

describe('countNewlines', () => {
  it('counts the rows a streamed chunk completes', () => {
    expect(countNewlines(new TextEncoder().encode('a,b\r\n1,2\r\n3'))).toBe(2);
    expect(countNewlines(new Uint8Array())).toBe(0);
  });
});
