import { AppError } from '../../plugins/app-error.ts';

/**
 * Keyset position: the last row's activated_at (microseconds, as PostgreSQL keeps it) and id,
 * opaque to callers (base64url). Rows after it are those older, or as old with a smaller id.
 */
export interface ActivationCursor {
  at: string;
  id: number;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(cursor: ActivationCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): ActivationCursor {
  const [at, id] = Buffer.from(value, 'base64url').toString().split('|');
  if (!at || !AT.test(at) || !id || !/^\d{1,10}$/.test(id)) {
    throw new AppError('VALIDATION', 'cursor: Must be a cursor from an earlier answer', {
      cursor: 'Must be a cursor from an earlier answer',
    });
  }
  return { at, id: Number(id) };
}
