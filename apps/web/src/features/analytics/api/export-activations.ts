import { ACTIVATIONS_MAX_LIMIT, type ActivationFilters, type ActivityResponse } from '@tonemark/shared';
import { activationSearchParams } from '../lib/activation-filters';

type CsvFilters = Omit<ActivationFilters, 'format' | 'limit' | 'offset'>;

/**
 * GET /api/activations?format=csv: every row the filters keep (up to the server's maximum), the
 * same rows the Analytics table pages through. The server answers with Content-Disposition:
 * attachment, so a plain link downloads it with the session cookie.
 */
export function activationsCsvUrl(filters: CsvFilters): string {
  return `/api/activations?${activationSearchParams({ format: 'csv', ...filters, limit: ACTIVATIONS_MAX_LIMIT })}`;
}

/** The dashboard's Export: exactly the days and devices the activity chart shows. */
export function activityCsvFilters(activity: Pick<ActivityResponse, 'days' | 'device'>): CsvFilters {
  return {
    device: activity.device,
    startDate: activity.days[0]?.date,
    endDate: activity.days[activity.days.length - 1]?.date,
  };
}

function download(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export function downloadActivationsCsv(activity: Pick<ActivityResponse, 'days' | 'device'>): void {
  download(activationsCsvUrl(activityCsvFilters(activity)));
}

export function downloadFilteredActivationsCsv(filters: CsvFilters): void {
  download(activationsCsvUrl(filters));
}
