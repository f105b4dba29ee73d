import type { ByteRange } from './media-store.ts';

export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header (RFC 9110 §14) for a file of `size` bytes. One range is served as 206;
 * a list of ranges is served whole (allowed by the RFC, and players only ask for one); a range
 * that starts past the end, or a malformed `bytes=` value, is 416. Other units are ignored.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'whole' };
  const spec = (match[1] ?? '').trim();
  if (spec.includes(',')) return { kind: 'whole' };
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
