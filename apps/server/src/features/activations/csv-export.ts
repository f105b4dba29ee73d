import type { Activation } from '@tonemark/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { listActivations, type Scope } from './repository.ts';

const CSV_COLUMNS: (keyof Activation)[] = [
  'activationId',
  'activatedAt',
  'triggerId',
  'triggerName',
  'campaignId',
  'deviceType',
  'osVersion',
  'batteryImpact',
  'successful',
  // The detection's figures (issue 9), last so readers of the older columns are undisturbed.
  'score',
  'snrDb',
  'speed',
  'tempo',
];

/** Rows fetched per keyset step: large enough to amortise a query, small enough to stay flat in memory. */
export const CSV_BATCH_ROWS = 5000;

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets never run it as a formula. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Every activation the filters keep (or the first `limit`), newest first, as CSV text chunks: one
 * keyset batch at a time, so memory stays flat whatever the number of rows and the consumer's
 * pace (a Readable built from this waits for the socket) sets the pace of the queries.
 */
export async function* activationsCsv(
  db: Db,
  user: UserRow,
  filters: Scope & { limit?: number },
  batchRows = CSV_BATCH_ROWS,
): AsyncGenerator<string> {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  let remaining = filters.limit ?? Number.POSITIVE_INFINITY;
  let cursor: string | undefined;
  while (remaining > 0) {
    const { activations, nextCursor } = await listActivations(db, user, {
      ...filters,
      limit: Math.min(batchRows, remaining),
      cursor,
    });
    if (activations.length > 0) {
      yield activations.map((row) => `${CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`).join('');
    }
    remaining -= activations.length;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}
