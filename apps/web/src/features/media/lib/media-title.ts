/** SPEC §5 (wizard): the title is the file name without its extension. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  // A leading dot (".hidden") is part of the name, not an extension.
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** SPEC §5 (wizard): the title is the last segment of the URL path ('' when there is none). */
export function titleFromUrl(value: string): string {
  let pathname: string;
  try {
    pathname = new URL(value.trim()).pathname;
  } catch {
    return '';
  }
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  if (last === undefined) return '';
  try {
    return decodeURIComponent(last);
  } catch {
    // A malformed escape ("%E0%A4") is still a usable title as written.
    return last;
  }
}
