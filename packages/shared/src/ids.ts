import { z } from 'zod';

/** Largest value of a PostgreSQL `serial`/`integer` column: a larger id can name no row. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A row id in a JSON body. Past the column's range it is a 400, not a database error. min(1), not
 * positive(): the same for whole numbers, and JSON Schema 2020-12 (OpenAPI 3.1) takes its
 * `minimum`, where zod-to-json-schema writes positive() as OpenAPI 3.0's boolean exclusiveMinimum.
 */
export const serialIdSchema = z.number().int().min(1).max(MAX_SERIAL_ID);

const DIGITS_MESSAGE = 'Must be a whole number written in digits';

// Path and query values are text: only plain digits become a number (' 1', '+1', '0x1', '1e3'
// stay text and are refused), so one id has one spelling.
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^[0-9]{1,20}$/.test(value) ? Number(value) : value;

/** A whole number from a path or query string, written in digits only. */
export function digitsParamSchema(min: number, max: number) {
  return z.preprocess(
    digitsToNumber,
    z.number({ invalid_type_error: DIGITS_MESSAGE, required_error: 'Required' }).int().min(min).max(max),
  );
}

/** A row id in a path or query string. */
export const serialIdParamSchema = digitsParamSchema(1, MAX_SERIAL_ID);

/** The most rows a list may skip: past it no table of this app has rows, and SQL's OFFSET would overflow. */
export const MAX_LIST_OFFSET = MAX_SERIAL_ID;
