import { AppError } from '../../plugins/app-error.ts';

/** SPEC §3.3 activation filters: the end date may not come before the start date. */
export function assertDateOrder(filters: { startDate?: string; endDate?: string }): void {
  if (filters.startDate && filters.endDate && filters.startDate > filters.endDate) {
    throw new AppError('VALIDATION', 'endDate: Must not be before startDate', {
      endDate: 'Must not be before startDate',
    });
  }
}
