import { type SegmentCriteria, WEEKDAYS } from '@tonemark/shared';

const PLATFORM_LABELS = { mobile: 'Phones', tablet: 'Tablets', desktop: 'Desktops' } as const;

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** One line a person reads: "Phones · iOS · 18:00–23:00 · Sat, Sun · en". */
export function criteriaSummary(criteria: SegmentCriteria): string {
  const parts: string[] = [];
  if (criteria.platforms) parts.push(criteria.platforms.map((p) => PLATFORM_LABELS[p]).join(', '));
  if (criteria.os) parts.push(criteria.os.join(', '));
  if (criteria.browsers) parts.push(criteria.browsers.join(', '));
  if (criteria.deviceTypes) parts.push(criteria.deviceTypes.join(', '));
  if (criteria.hours) parts.push(`${hour(criteria.hours.from)}–${hour(criteria.hours.to)}`);
  if (criteria.days)
    parts.push(
      [...criteria.days]
        .sort()
        .map((d) => WEEKDAYS[d])
        .join(', '),
    );
  if (criteria.languages) parts.push(criteria.languages.join(', '));
  return parts.length > 0 ? parts.join(' · ') : 'Everyone';
}

/** "en, pt-BR" → ['en', 'pt-BR']; empty → undefined (no language criterion). */
export function parseLanguages(text: string): string[] | undefined {
  const list = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}
