import {
  BookOpen,
  ChartColumn,
  CirclePlus,
  Film,
  Headphones,
  House,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  type LucideIcon,
  Megaphone,
  Scissors,
  Settings,
  Smartphone,
  Upload,
  Users,
  WandSparkles,
} from 'lucide-react';

export interface NavEntry {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that count as this entry (the un-prefixed aliases of SPEC §2.1). */
  aliases?: string[];
  exact?: boolean;
}

export interface NavGroup {
  label: string;
  entries: NavEntry[];
}

/** SPEC §2.3: every group and entry of the desktop sidebar. */
export const SIDEBAR_GROUPS: NavGroup[] = [
  {
    label: 'Dashboard',
    entries: [
      { label: 'Overview', to: '/admin', icon: LayoutDashboard, exact: true, aliases: ['/dashboard'] },
      { label: 'Analytics', to: '/admin/analytics', icon: ChartColumn },
    ],
  },
  {
    label: 'Marketing',
    entries: [
      {
        label: 'Campaigns',
        to: '/admin/campaigns',
        icon: Megaphone,
        // A/B tests and segments are reached from the campaigns page's feature cards.
        aliases: ['/admin/ab-tests', '/admin/segments'],
      },
    ],
  },
  {
    label: 'Triggers',
    entries: [
      { label: 'All-in-One Creator', to: '/admin/unified-trigger', icon: WandSparkles },
      {
        label: 'Create Trigger',
        to: '/admin/create-trigger',
        icon: CirclePlus,
        aliases: ['/create-trigger'],
      },
      {
        label: 'Manage Triggers',
        to: '/admin/manage-triggers',
        icon: ListChecks,
        aliases: ['/manage-triggers', '/admin/edit-trigger', '/edit-trigger'],
      },
      { label: 'Embed in Media', to: '/admin/embed-trigger', icon: Film },
      { label: 'Process Segment', to: '/admin/segment-embedding', icon: Scissors },
      { label: 'Media Management', to: '/admin/media-management', icon: Upload },
    ],
  },
  {
    label: 'Development',
    entries: [
      { label: 'Mobile Simulator', to: '/admin/mobile-simulator', icon: Smartphone },
      { label: 'API Documentation', to: '/api-docs', icon: BookOpen },
    ],
  },
  {
    label: 'Application',
    entries: [
      { label: 'Home Page', to: '/landing', icon: House },
      { label: 'Listener App', to: '/listener', icon: Headphones },
    ],
  },
  {
    label: 'Settings',
    entries: [
      { label: 'Account Settings', to: '/admin/settings', icon: Settings },
      { label: 'Teams', to: '/admin/teams', icon: Users },
      { label: 'Help & Support', to: '/admin/help', icon: LifeBuoy },
    ],
  },
];

/**
 * The slide-over menu below 768 px. SPEC §2.3 lists seven entries, which left a phone with no way
 * to Analytics, Account Settings, Help, Process Segment or the Simulator (issue 14): on a phone it
 * offers the sidebar's groups, every admin screen.
 */
export const MOBILE_MENU_GROUPS: NavGroup[] = SIDEBAR_GROUPS;

/** SPEC §2.3: the bottom tab bar below 768 px. */
export const BOTTOM_TABS: NavEntry[] = [
  { label: 'Home', to: '/admin', icon: House, exact: true, aliases: ['/dashboard'] },
  { label: 'Create', to: '/admin/unified-trigger', icon: CirclePlus },
  { label: 'Media', to: '/admin/media-management', icon: Upload },
  { label: 'Embed', to: '/admin/embed-trigger', icon: Film },
  {
    label: 'Triggers',
    to: '/admin/manage-triggers',
    icon: ListChecks,
    aliases: ['/manage-triggers', '/admin/edit-trigger', '/edit-trigger'],
  },
];

function matches(path: string, pathname: string, exact: boolean): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (exact) return clean === path;
  return clean === path || clean.startsWith(`${path}/`);
}

export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  const exact = entry.exact ?? false;
  return [entry.to, ...(entry.aliases ?? [])].some((path) => matches(path, pathname, exact));
}
