// Business constants of SPEC §9, in one place so the server, the web app and the engine agree.

export const BRAND = 'Tonemark';

export const FREQUENCY_MIN_HZ = 500;
export const FREQUENCY_MAX_HZ = 2000;
export const FREQUENCY_STEP_HZ = 50;
export const FREQUENCY_COUNT = 4;
export const DEFAULT_FREQUENCY_PATTERN: readonly [number, number, number, number] = [1000, 1200, 1500, 1800];
export const DEFAULT_TRIGGER_DURATION_MS = 2000;

export const RECENT_TRIGGERS_MAX = 4;
export const PHONE_PREVIEW_RECENT_MAX = 3;
export const MANAGE_PAGE_SIZE = 5;
export const DETECTION_LIST_MAX = 10;
export const MIN_TIME_BETWEEN_DETECTIONS_MS = 3000;
export const TEST_SOUND_DISABLED_MS = 3000;
export const REDIRECT_AFTER_EMBED_MS = 3000;

export const WS_MAX_RETRIES = 5;
export const WS_RETRY_BASE_MS = 1000;
export const WS_RETRY_MAX_MS = 30_000;

export const MOBILE_BREAKPOINT_PX = 768;
export const TRANSACTION_ID_CHARS = 8;

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;

export const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;
export const DEFAULT_SEGMENT_DURATION_S = 5;
export const DEFAULT_TRIGGER_POSITION_S = 2.5;
export const DEFAULT_CHECKOUT_AMOUNT = 49.99;

export const API_RATE_LIMIT_PER_MINUTE = 100;
export const API_LIST_DEFAULT_LIMIT = 50;
export const SDK_VERSION = '1.0.0';

/** Device compatibility bands: >= 95 High, 85 up to 95 Medium, below 85 Low. */
export type CompatibilityBand = 'High' | 'Medium' | 'Low';
export function compatibilityBand(percent: number): CompatibilityBand {
  if (percent >= 95) return 'High';
  if (percent >= 85) return 'Medium';
  return 'Low';
}

/** Battery impact is good when it falls; every other trend is good when it rises. */
export function isTrendGood(metric: string, change: number): boolean {
  return metric === 'batteryImpact' ? change < 0 : change > 0;
}
