import type { ActivityResponse } from '@tonemark/shared';

/**
 * GET /api/activations?format=csv for exactly the days and devices the chart shows. The server
 * answers with Content-Disposition: attachment, so a plain link downloads it with the session cookie.
 */
export function activationsCsvUrl(activity: Pick<ActivityResponse, 'days' | 'device'>): string {
  const query = new URLSearchParams({ format: 'csv', device: activity.device, limit: '10000' });
  const first = activity.days[0]?.date;
  const last = activity.days[activity.days.length - 1]?.date;
  if (first) query.set('startDate', first);
  if (last) query.set('endDate', last);
  return `/api/activations?${query}`;
}

export function downloadActivationsCsv(activity: Pick<ActivityResponse, 'days' | 'device'>): void {
  const link = document.createElement('a');
  link.href = activationsCsvUrl(activity);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
