import { z } from 'zod';

// The years a date field may name. The column types reach further, but a JavaScript Date does
// not parse every form zod's pattern lets through ('+99:00' offsets), and year 0 or 275760 are
// typing slips, not plans: refusing them keeps every date a clear 400 instead of a database error.
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 9999;

const RANGE_MESSAGE = `Must be a real date between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`;

export function isSaneDate(text: string): boolean {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return false;
  const year = date.getUTCFullYear();
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/** An ISO date-time with an offset (or Z) that names a real instant in range. */
export const instantSchema = z.string().datetime({ offset: true }).refine(isSaneDate, RANGE_MESSAGE);

/** A day (YYYY-MM-DD) or an instant, as the date filters take. */
export const dayOrInstantSchema = z
  .string()
  .datetime({ offset: true })
  .or(z.string().date())
  .refine(isSaneDate, RANGE_MESSAGE);
