import { TRIGGER_TYPES, type Trigger, type TriggerType } from '@tonemark/shared';

export type TypeFilter = 'ALL' | TriggerType;

export const TYPE_FILTER_OPTIONS: ReadonlyArray<{ value: TypeFilter; label: string }> = [
  { value: 'ALL', label: 'All Types' },
  ...TRIGGER_TYPES.map((type) => ({ value: type, label: type })),
];

export function isTypeFilter(value: string): value is TypeFilter {
  return value === 'ALL' || (TRIGGER_TYPES as readonly string[]).includes(value);
}

type Searchable = Pick<Trigger, 'name' | 'description' | 'type'>;

/** SPEC §5: case-insensitive substring match on name or description, plus the type filter. */
export function filterTriggers<T extends Searchable>(
  triggers: readonly T[],
  search: string,
  type: TypeFilter,
): T[] {
  const needle = search.trim().toLowerCase();
  return triggers.filter((trigger) => {
    if (type !== 'ALL' && trigger.type !== type) return false;
    if (needle === '') return true;
    return (
      trigger.name.toLowerCase().includes(needle) ||
      (trigger.description ?? '').toLowerCase().includes(needle)
    );
  });
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
}

/** One page (1-based) of `items`; an out-of-range page is clamped to the nearest one. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { items: items.slice(start, start + pageSize), page: current, pageCount };
}
