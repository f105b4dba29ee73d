/**
 * `--help` for the bench scripts: each opens with a doc comment whose first lines are its usage,
 * so `--help` (or `-h`) prints that comment and exits 0, before the script parses its flags (a
 * strict `parseArgs` threw on `--help`, and the positional scripts read it as a condition).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The text of the first doc comment in `source`, without its comment marks. */
export function usageOf(source: string): string {
  const start = source.indexOf('/**');
  const end = source.indexOf('*/', start + 3);
  if (start < 0 || end < 0) return '';
  return `${source
    .slice(start + 3, end)
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim()}\n`;
}

/** Prints the usage of the script at `scriptUrl` (`import.meta.url`), and `more` after it, and
 * exits 0 when the command line asks for help; otherwise returns. */
export function exitOnHelp(
  scriptUrl: string,
  more = '',
  argv: readonly string[] = process.argv.slice(2),
): void {
  if (!argv.includes('--help') && !argv.includes('-h')) return;
  process.stdout.write(usageOf(readFileSync(fileURLToPath(scriptUrl), 'utf8')) + more);
  process.exit(0);
}
