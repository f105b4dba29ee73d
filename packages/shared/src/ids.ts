import { z } from 'zod';

/** Largest value of a PostgreSQL `serial`/`integer` column: a larger id can name no row. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** A row id in a JSON body. Past the column's range it is a 400, not a database error. */
export const serialIdSchema = z.number().int().positive().max(MAX_SERIAL_ID);
/** A row id in a path or query string. */
export const serialIdParamSchema = z.coerce.number().int().positive().max(MAX_SERIAL_ID);
