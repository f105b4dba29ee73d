import { describe, expect, it } from 'vitest';
import { BOTTOM_TABS, isEntryActive, MOBILE_MENU_GROUPS, SIDEBAR_GROUPS } from './admin-nav';

const entry = (label: string) => {
  const found = SIDEBAR_GROUPS.flatMap((group) => group.entries).find((e) => e.label === label);
  if (!found) throw new Error(`no entry ${label}`);
  return found;
};

describe('isEntryActive', () => {
  it('highlights Overview only on /admin and /dashboard', () => {
    expect(isEntryActive(entry('Overview'), '/admin')).toBe(true);
    expect(isEntryActive(entry('Overview'), '/admin/')).toBe(true);
    expect(isEntryActive(entry('Overview'), '/dashboard')).toBe(true);
    expect(isEntryActive(entry('Overview'), '/admin/campaigns')).toBe(false);
  });

  it('highlights Manage Triggers for its aliases and the edit screen', () => {
    expect(isEntryActive(entry('Manage Triggers'), '/manage-triggers')).toBe(true);
    expect(isEntryActive(entry('Manage Triggers'), '/edit-trigger/7')).toBe(true);
    expect(isEntryActive(entry('Manage Triggers'), '/admin/manage-triggersx')).toBe(false);
  });

  it('matches nested paths for prefix entries', () => {
    expect(isEntryActive(entry('Campaigns'), '/admin/campaigns/3')).toBe(true);
  });

  it('has the five bottom tabs of SPEC §2.3', () => {
    expect(BOTTOM_TABS.map((tab) => `${tab.label} ${tab.to}`)).toEqual([
      'Home /admin',
      'Create /admin/unified-trigger',
      'Media /admin/media-management',
      'Embed /admin/embed-trigger',
      'Triggers /admin/manage-triggers',
    ]);
  });

  it('reaches every admin screen from the sidebar and from the phone menu', () => {
    const screens = [
      '/admin',
      '/admin/analytics',
      '/admin/campaigns',
      '/admin/unified-trigger',
      '/admin/create-trigger',
      '/admin/manage-triggers',
      '/admin/embed-trigger',
      '/admin/segment-embedding',
      '/admin/media-management',
      '/admin/mobile-simulator',
      '/admin/settings',
      '/admin/help',
    ];
    for (const groups of [SIDEBAR_GROUPS, MOBILE_MENU_GROUPS]) {
      const targets = groups.flatMap((group) => group.entries.map((e) => e.to));
      expect(targets).toEqual(expect.arrayContaining(screens));
    }
  });
});
