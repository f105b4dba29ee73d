import { describe, expect, it } from 'vitest';
import { pageWindow } from '@/lib/page-window';
import { filterTriggers, isTypeFilter, paginate } from './filter-triggers';

const triggers = [
  { name: 'Summer Promo', description: 'Beach radio spot', type: 'URL' as const },
  { name: 'App Launch', description: null, type: 'APP' as const },
  { name: 'Loyalty', description: 'Free COFFEE reward', type: 'REWARD' as const },
  { name: 'Podcast intro', description: 'custom action', type: 'CUSTOM' as const },
];

describe('filterTriggers', () => {
  it('returns everything for an empty search and All Types', () => {
    expect(filterTriggers(triggers, '  ', 'ALL')).toHaveLength(4);
  });

  it('matches name or description case-insensitively', () => {
    expect(filterTriggers(triggers, 'coffee', 'ALL').map((t) => t.name)).toEqual(['Loyalty']);
    expect(filterTriggers(triggers, 'SUMMER', 'ALL').map((t) => t.name)).toEqual(['Summer Promo']);
    expect(filterTriggers(triggers, 'radio', 'ALL').map((t) => t.name)).toEqual(['Summer Promo']);
  });

  it('treats a null description as empty', () => {
    expect(filterTriggers(triggers, 'null', 'ALL')).toEqual([]);
  });

  it('combines search and type', () => {
    expect(filterTriggers(triggers, 'a', 'APP').map((t) => t.name)).toEqual(['App Launch']);
    expect(filterTriggers(triggers, 'promo', 'APP')).toEqual([]);
  });

  it('recognises type filter values', () => {
    expect(isTypeFilter('ALL')).toBe(true);
    expect(isTypeFilter('REWARD')).toBe(true);
    expect(isTypeFilter('reward')).toBe(false);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 12 }, (_, i) => i + 1);

  it('cuts pages of the given size', () => {
    expect(paginate(items, 1, 5)).toEqual({ items: [1, 2, 3, 4, 5], page: 1, pageCount: 3 });
    expect(paginate(items, 3, 5)).toEqual({ items: [11, 12], page: 3, pageCount: 3 });
  });

  it('clamps out-of-range pages', () => {
    expect(paginate(items, 9, 5).page).toBe(3);
    expect(paginate(items, 0, 5).page).toBe(1);
  });

  it('has one empty page for no items', () => {
    expect(paginate([], 1, 5)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe('pageWindow', () => {
  it('lists every page up to seven, else the ends and the current page’s neighbours', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 100)).toEqual([1, 2, 3, 4, 5, 100]);
    expect(pageWindow(50, 100)).toEqual([1, 48, 49, 50, 51, 52, 100]);
    expect(pageWindow(100, 100)).toEqual([1, 96, 97, 98, 99, 100]);
  });
});
