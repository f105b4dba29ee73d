import { ACTIVATIONS_PAGE_SIZE, type ActivationFilters, PLATFORM_PATTERNS } from '@tonemark/shared';

/**
 * The Analytics table's filters (SPEC §3.3: trigger, start date, end date, device type) and page,
 * as they live in the address bar so a filtered view can be reloaded or shared.
 */
export interface ActivationTableFilters {
  triggerId?: number;
  /** Calendar days (YYYY-MM-DD) in the viewer's own time zone, as a date input gives them. */
  startDate?: string;
  endDate?: string;
  deviceType?: string;
  page: number;
}

const PARAMS = {
  triggerId: 'trigger',
  startDate: 'from',
  endDate: 'to',
  deviceType: 'deviceType',
  page: 'page',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

function day(value: string | null): string | undefined {
  if (value === null || !DAY.test(value)) return undefined;
  return Number.isNaN(new Date(`${value}T00:00:00`).getTime()) ? undefined : value;
}

/** Reads the filters from the address bar; anything malformed is dropped rather than sent. */
export function readActivationFilters(params: URLSearchParams): ActivationTableFilters {
  const deviceType = params.get(PARAMS.deviceType)?.trim();
  return {
    triggerId: positiveInt(params.get(PARAMS.triggerId)),
    startDate: day(params.get(PARAMS.startDate)),
    endDate: day(params.get(PARAMS.endDate)),
    deviceType: deviceType && deviceType.length <= 100 ? deviceType : undefined,
    page: positiveInt(params.get(PARAMS.page)) ?? 1,
  };
}

/** The address-bar form of `filters`; page 1 and unset filters are left out. */
export function writeActivationFilters(filters: ActivationTableFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.triggerId) params.set(PARAMS.triggerId, String(filters.triggerId));
  if (filters.startDate) params.set(PARAMS.startDate, filters.startDate);
  if (filters.endDate) params.set(PARAMS.endDate, filters.endDate);
  if (filters.deviceType) params.set(PARAMS.deviceType, filters.deviceType);
  if (filters.page > 1) params.set(PARAMS.page, String(filters.page));
  return params;
}

export function hasActivationFilters(filters: ActivationTableFilters): boolean {
  return Boolean(filters.triggerId || filters.startDate || filters.endDate || filters.deviceType);
}

/** 'to' before 'from' is refused here so no request goes out that the server would refuse. */
export function dateRangeError(filters: Pick<ActivationTableFilters, 'startDate' | 'endDate'>) {
  if (filters.startDate && filters.endDate && filters.endDate < filters.startDate) {
    return 'The end date must not be before the start date.';
  }
  return undefined;
}

/** The first or last instant of a local calendar day, as the server's ISO timestamp filter. */
function localDayEdge(value: string, edge: 'start' | 'end'): string {
  return new Date(`${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}`).toISOString();
}

/**
 * The server's filters for the table's choices. Days are the viewer's local days, so a row shown
 * at 00:30 on the 5th is inside a filter for the 5th wherever the viewer is.
 */
export function toActivationFilters(
  filters: ActivationTableFilters,
): Pick<ActivationFilters, 'triggerId' | 'startDate' | 'endDate' | 'deviceType'> {
  return {
    triggerId: filters.triggerId,
    startDate: filters.startDate ? localDayEdge(filters.startDate, 'start') : undefined,
    endDate: filters.endDate ? localDayEdge(filters.endDate, 'end') : undefined,
    deviceType: filters.deviceType,
  };
}

/** One page of the table: limit and offset for `page` (1-based). */
export function pageWindow(page: number, pageSize = ACTIVATIONS_PAGE_SIZE) {
  return { limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize };
}

/** The query string for `filters`, in the order given, without unset values. */
export function activationSearchParams(filters: ActivationFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** A short platform name for a reported osVersion: 'Web', iOS, Android, or the desktop OS. */
export function platformLabel(osVersion: string | null): string {
  if (!osVersion) return 'Unknown';
  if (osVersion === 'Web') return 'Web';
  if (new RegExp(PLATFORM_PATTERNS.ios, 'i').test(osVersion)) return 'iOS';
  if (new RegExp(PLATFORM_PATTERNS.android, 'i').test(osVersion)) return 'Android';
  if (/windows/i.test(osVersion)) return 'Windows';
  if (/mac os|macintosh/i.test(osVersion)) return 'macOS';
  if (/cros/i.test(osVersion)) return 'ChromeOS';
  if (/linux/i.test(osVersion)) return 'Linux';
  return 'Other';
}
