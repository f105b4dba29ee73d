/**
 * The engineers' reasons for each shortfall live in docs/audio-benchmark-shortfalls.md, so a
 * regenerated docs/audio-benchmark.md keeps them. Each `## ` section names what it explains in
 * backticks in its heading: condition ids (`tempo-0.8`), `cpu` (the CPU budget, one cause for
 * every condition), `cost` (the table against the number of triggers) or `codecs`.
 */
export interface ShortfallReason {
  heading: string;
  /** The backticked names in the heading. */
  ids: string[];
  /** The section's prose, without its heading. */
  body: string;
}

export const SHORTFALLS_FILE = 'docs/audio-benchmark-shortfalls.md';

export function parseShortfallReasons(markdown: string): ShortfallReason[] {
  const reasons: ShortfallReason[] = [];
  let current: ShortfallReason | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      const text = (heading[1] as string).trim();
      current = { heading: text, ids: [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string), body: '' };
      reasons.push(current);
    } else if (current) {
      current.body += `${line}\n`;
    }
  }
  for (const r of reasons) r.body = r.body.trim();
  return reasons;
}

/**
 * The reasons as a report section: each explained shortfall, then what is short with no reason
 * written (so a new shortfall cannot pass unexplained) and reasons for names now on target.
 * Reasons for names this run did not measure (a partial run) are left out; sections that name
 * nothing in backticks are general and always shown.
 */
export function shortfallSection(
  reasons: readonly ShortfallReason[],
  run: { short: readonly string[]; measured: readonly string[] },
): string {
  const explained = new Set(reasons.flatMap((r) => r.ids));
  const short = new Set(run.short);
  const measured = new Set(run.measured);
  const unexplained = run.short.filter((id) => !explained.has(id));
  const shown = reasons.filter((r) => r.ids.length === 0 || r.ids.some((id) => short.has(id)));
  const stale = reasons.filter(
    (r) => r.ids.length > 0 && r.ids.every((id) => measured.has(id) && !short.has(id)),
  );
  const parts = shown.map((r) => `### ${r.heading}\n\n${r.body}`);
  if (unexplained.length > 0)
    parts.push(
      `**Short, with no reason written yet** (add a section to \`${SHORTFALLS_FILE}\`): ` +
        `${unexplained.map((id) => `\`${id}\``).join(', ')}.`,
    );
  if (stale.length > 0)
    parts.push(
      `Reasons in \`${SHORTFALLS_FILE}\` for what met its targets in this run (left out above): ` +
        `${stale.map((r) => r.ids.map((id) => `\`${id}\``).join(', ')).join('; ')}.`,
    );
  return parts.length === 0 ? 'Every target was met; nothing to explain.' : parts.join('\n\n');
}
