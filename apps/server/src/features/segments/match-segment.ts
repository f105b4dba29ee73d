import type { DetectionTraits, SegmentCriteria } from '@tonemark/shared';

function inHours(hour: number, { from, to }: { from: number; to: number }): boolean {
  // 22 → 6 wraps past midnight.
  return from < to ? hour >= from && hour < to : hour >= from || hour < to;
}

function speaks(language: string | null, wanted: readonly string[]): boolean {
  if (!language) return false;
  const lang = language.toLowerCase();
  // 'en' matches en-GB; 'pt-BR' matches pt-BR only.
  return wanted.some((w) => {
    const want = w.toLowerCase();
    return lang === want || lang.startsWith(`${want}-`);
  });
}

/** Whether a detection is in a segment: every criterion given must hold; none given matches all. */
export function matchesSegment(criteria: SegmentCriteria, traits: DetectionTraits): boolean {
  if (criteria.platforms && !criteria.platforms.includes(traits.platform)) return false;
  if (criteria.os && !criteria.os.includes(traits.os)) return false;
  if (criteria.browsers && !criteria.browsers.includes(traits.browser)) return false;
  if (criteria.deviceTypes && !(criteria.deviceTypes as readonly string[]).includes(traits.deviceType))
    return false;
  if (criteria.hours && !inHours(traits.hour, criteria.hours)) return false;
  if (criteria.days && !criteria.days.includes(traits.day)) return false;
  if (criteria.languages && !speaks(traits.language, criteria.languages)) return false;
  return true;
}
