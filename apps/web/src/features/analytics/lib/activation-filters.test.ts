import { describe, expect, it } from 'vitest';
import {
  dateRangeError,
  hasActivationFilters,
  pageWindow,
  platformLabel,
  readActivationFilters,
  toActivationFilters,
  writeActivationFilters,
} from './activation-filters';

describe('activation table filters in the address bar', () => {
  it('round-trips every filter and the page', () => {
    const filters = {
      triggerId: 12,
      startDate: '2026-11-01',
      endDate: '2026-11-23',
      deviceType: 'Web Listener',
      page: 3,
    };
    const params = writeActivationFilters(filters);
    expect(params.toString()).toBe('trigger=12&from=2026-11-01&to=2026-11-23&deviceType=Web+Listener&page=3');
    expect(readActivationFilters(params)).toEqual(filters);
  });

  it('drops malformed values instead of sending them', () => {
    const read = readActivationFilters(
      new URLSearchParams('trigger=-4&from=2026-13-45&to=yesterday&deviceType=%20&page=0'),
    );
    expect(read).toEqual({
      triggerId: undefined,
      startDate: undefined,
      endDate: undefined,
      deviceType: undefined,
      page: 1,
    });
    expect(hasActivationFilters(read)).toBe(false);
    expect(writeActivationFilters(read).toString()).toBe('');
  });

  it('refuses an end date before the start date', () => {
    expect(dateRangeError({ startDate: '2026-11-10', endDate: '2026-11-09' })).toMatch(/end date/);
    expect(dateRangeError({ startDate: '2026-11-10', endDate: '2026-11-10' })).toBeUndefined();
    expect(dateRangeError({ endDate: '2026-11-09' })).toBeUndefined();
  });
});

describe('toActivationFilters', () => {
  it("sends whole local days as the first and last instant of the viewer's day", () => {
    const sent = toActivationFilters({ startDate: '2026-11-05', endDate: '2026-11-06', page: 1 });
    const start = new Date(sent.startDate ?? '');
    const end = new Date(sent.endDate ?? '');
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([5, 0, 0]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getMilliseconds()]).toEqual([
      6, 23, 59, 999,
    ]);
    expect(sent.startDate).toMatch(/Z$/);
  });

  it('leaves unset filters out', () => {
    expect(toActivationFilters({ page: 2 })).toEqual({
      triggerId: undefined,
      startDate: undefined,
      endDate: undefined,
      deviceType: undefined,
    });
  });
});

describe('pageWindow', () => {
  it('turns a 1-based page into limit and offset', () => {
    expect(pageWindow(1)).toEqual({ limit: 10, offset: 0 });
    expect(pageWindow(3, 25)).toEqual({ limit: 25, offset: 50 });
    expect(pageWindow(0)).toEqual({ limit: 10, offset: 0 });
  });
});

describe('platformLabel', () => {
  it('names the platform the listener reported', () => {
    expect(platformLabel('Web')).toBe('Web');
    expect(platformLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('iOS');
    expect(platformLabel('Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe('Android');
    expect(platformLabel('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/142')).toBe('Linux');
    expect(platformLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows');
    expect(platformLabel(null)).toBe('Unknown');
    expect(platformLabel('Nokia 3310')).toBe('Other');
  });
});
