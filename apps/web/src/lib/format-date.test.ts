import { describe, expect, it } from 'vitest';
import { formatCreatedDate, formatRelativeTime } from './format-date';

describe('formatCreatedDate', () => {
  const now = new Date(2026, 2, 15, 9, 30);

  it('reads Today for the same calendar day', () => {
    expect(formatCreatedDate(new Date(2026, 2, 15, 0, 1), now)).toBe('Today');
    expect(formatCreatedDate(new Date(2026, 2, 15, 23, 59).toISOString(), now)).toBe('Today');
  });

  it('reads Yesterday for the previous calendar day, even under 24 hours ago', () => {
    expect(formatCreatedDate(new Date(2026, 2, 14, 23, 59), now)).toBe('Yesterday');
    expect(formatCreatedDate(new Date(2026, 2, 14, 0, 0), now)).toBe('Yesterday');
  });

  it('falls back to a locale date', () => {
    const date = new Date(2026, 2, 1, 12, 0);
    expect(formatCreatedDate(date, now, 'en-US')).toBe('3/1/2026');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatCreatedDate('not a date', now)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 minute ago'],
    [125, '2 minutes ago'],
    [3600, '1 hour ago'],
    [7200 + 59, '2 hours ago'],
    [86_400, '1 day ago'],
    [3 * 86_400, '3 days ago'],
  ])('%i s ago reads %s', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now)).toBe(text);
  });
});
