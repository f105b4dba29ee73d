import type { ActivityRange, DeviceFilter } from '@tonemark/shared';

/** The activity chart's range and device pickers. */
export const ACTIVITY_RANGE_LABELS: Record<ActivityRange, string> = {
  '7d': 'Last 7 days',
  month: 'This month',
  '30d': 'Last 30 days',
};

export const DEVICE_FILTER_LABELS: Record<DeviceFilter, string> = {
  all: 'All Devices',
  ios: 'iOS Only',
  android: 'Android Only',
};
