// Business constants of SPEC §9 that more than one of the server, the web app, the SDK and the
// engine read, in one place so they agree. Web-only ones live beside the screen that uses them.

export const BRAND = 'Tonemark';

export const FREQUENCY_MIN_HZ = 500;
export const FREQUENCY_MAX_HZ = 2000;
export const FREQUENCY_STEP_HZ = 50;
export const FREQUENCY_COUNT = 4;
export const DEFAULT_FREQUENCY_PATTERN: readonly [number, number, number, number] = [1000, 1200, 1500, 1800];
export const DEFAULT_TRIGGER_DURATION_MS = 2000;

export const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;
export const DEFAULT_SEGMENT_DURATION_S = 5;
export const DEFAULT_TRIGGER_POSITION_S = 2.5;

export const API_RATE_LIMIT_PER_MINUTE = 100;
export const API_LIST_DEFAULT_LIMIT = 50;
export const SDK_VERSION = '1.0.0';
