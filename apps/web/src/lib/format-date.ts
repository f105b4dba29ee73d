const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** SPEC §9: the creation date reads Today, Yesterday, or a locale date. */
export function formatCreatedDate(value: string | Date, now: Date = new Date(), locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY_MS);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.toLocaleDateString(locale);
}

/** The creation date inside a sentence ("created today", "added yesterday", "created 3/2/2026"). */
export function formatCreatedDateInline(value: string | Date, now: Date = new Date()): string {
  const label = formatCreatedDate(value, now);
  return label === 'Today' || label === 'Yesterday' ? label.toLowerCase() : label;
}

/** SPEC §9: under 1 minute 'Just now', then minutes, hours, days ago. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}
