import type { DetectionTraits, SegmentBrowser, SegmentOs, SegmentPlatform } from '@tonemark/shared';

/** What a detection tells about its listener, as segments see it. Nothing here names a person. */
export interface TraitsInput {
  deviceType: string;
  /** The listener's user agent ('Web' when it has none). */
  osVersion: string;
  detectedAt: Date;
  language?: string | null;
  /** Local = UTC + offset; without it the hour and weekday are UTC's. */
  utcOffsetMinutes?: number | null;
}

function osOf(ua: string): SegmentOs {
  if (/iphone|ipad|ipod|\bios\b/i.test(ua)) return 'iOS';
  if (/android/i.test(ua)) return 'Android';
  if (/cros/i.test(ua)) return 'ChromeOS';
  if (/windows/i.test(ua)) return 'Windows';
  if (/mac os x|macintosh/i.test(ua)) return 'macOS';
  if (/linux|x11/i.test(ua)) return 'Linux';
  return 'Other';
}

function browserOf(ua: string): SegmentBrowser {
  // Order matters: Edge and Samsung Internet also say Chrome, Chrome also says Safari.
  if (/edg(e|a|ios)?\//i.test(ua)) return 'Edge';
  if (/samsungbrowser/i.test(ua)) return 'Samsung Internet';
  if (/firefox|fxios/i.test(ua)) return 'Firefox';
  if (/chrome|crios|chromium/i.test(ua)) return 'Chrome';
  if (/safari/i.test(ua)) return 'Safari';
  return 'Other';
}

function platformOf(ua: string, deviceType: string): SegmentPlatform {
  if (/ipad|tablet/i.test(ua) || (/android/i.test(ua) && !/mobile/i.test(ua))) return 'tablet';
  if (/mobi|iphone|ipod|android/i.test(ua) || deviceType === 'Native App') return 'mobile';
  return 'desktop';
}

export function detectionTraits(input: TraitsInput): DetectionTraits {
  const ua = input.osVersion;
  const local = new Date(input.detectedAt.getTime() + (input.utcOffsetMinutes ?? 0) * 60_000);
  return {
    platform: platformOf(ua, input.deviceType),
    os: osOf(ua),
    browser: browserOf(ua),
    deviceType: input.deviceType,
    hour: local.getUTCHours(),
    day: local.getUTCDay(),
    language: input.language ?? null,
  };
}
