import { describe, expect, it } from 'vitest';
import { detectionTraits } from './device-traits.ts';
import { matchesSegment } from './match-segment.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Safari/604.1';

// Tuesday 2026-11-24 21:30 UTC.
const at = new Date('2026-11-24T21:30:00Z');
const traits = (ua: string, extra: { language?: string; utcOffsetMinutes?: number } = {}) =>
  detectionTraits({ deviceType: 'Web Listener', osVersion: ua, detectedAt: at, ...extra });

describe('audience segment matching', () => {
  it('reads platform, OS and browser from the user agent', () => {
    expect(traits(IPHONE)).toMatchObject({ platform: 'mobile', os: 'iOS', browser: 'Safari' });
    expect(traits(ANDROID_CHROME)).toMatchObject({ platform: 'mobile', os: 'Android', browser: 'Chrome' });
    expect(traits(WINDOWS_EDGE)).toMatchObject({ platform: 'desktop', os: 'Windows', browser: 'Edge' });
    expect(traits(MAC_FIREFOX)).toMatchObject({ platform: 'desktop', os: 'macOS', browser: 'Firefox' });
    expect(traits(IPAD)).toMatchObject({ platform: 'tablet', os: 'iOS' });
    expect(traits('Web')).toMatchObject({ platform: 'desktop', os: 'Other', browser: 'Other' });
  });

  it('matches every given criterion and nothing else', () => {
    const phones = { platforms: ['mobile' as const] };
    expect(matchesSegment(phones, traits(IPHONE))).toBe(true);
    expect(matchesSegment(phones, traits(WINDOWS_EDGE))).toBe(false);
    const iosSafari = { os: ['iOS' as const], browsers: ['Safari' as const] };
    expect(matchesSegment(iosSafari, traits(IPHONE))).toBe(true);
    expect(matchesSegment(iosSafari, traits(ANDROID_CHROME))).toBe(false);
    expect(matchesSegment({}, traits(MAC_FIREFOX))).toBe(true);
    expect(matchesSegment({ deviceTypes: ['Native App'] }, traits(IPHONE))).toBe(false);
  });

  it('uses the listener local time for hours and weekdays, wrapping past midnight', () => {
    const evening = { hours: { from: 18, to: 23 } };
    expect(matchesSegment(evening, traits(IPHONE))).toBe(true); // 21:30 UTC
    // UTC+3: 00:30 on Wednesday.
    const late = traits(IPHONE, { utcOffsetMinutes: 180 });
    expect(late.hour).toBe(0);
    expect(late.day).toBe(3);
    expect(matchesSegment(evening, late)).toBe(false);
    expect(matchesSegment({ hours: { from: 22, to: 6 } }, late)).toBe(true);
    expect(matchesSegment({ days: [2] }, traits(IPHONE))).toBe(true);
    expect(matchesSegment({ days: [0, 6] }, traits(IPHONE))).toBe(false);
  });

  it('matches languages by prefix and never without one', () => {
    expect(matchesSegment({ languages: ['en'] }, traits(IPHONE, { language: 'en-GB' }))).toBe(true);
    expect(matchesSegment({ languages: ['pt-BR'] }, traits(IPHONE, { language: 'pt-PT' }))).toBe(false);
    expect(matchesSegment({ languages: ['en'] }, traits(IPHONE, { language: 'eng' }))).toBe(false);
    expect(matchesSegment({ languages: ['en'] }, traits(IPHONE))).toBe(false);
  });
});
