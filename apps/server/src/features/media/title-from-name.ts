import path from 'node:path';

/** SPEC §5 wizard rule: the title defaults to the file name without its extension. */
export function titleFromName(name: string, fallback: string): string {
  const base = path.basename(name.split(/[?#]/)[0] ?? '');
  const stem = base.replace(/\.[^.]*$/, '').trim();
  return stem === '' ? fallback : stem.slice(0, 200);
}
