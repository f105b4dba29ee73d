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

/** Every admin screen the navigation links to, once: the sidebar groups and the bottom tabs pick from it. */
const SCREENS = {
  overview: { label: 'Overview', to: '/admin', icon: LayoutDashboard, exact: true, aliases: ['/dashboard'] },
  analytics: { label: 'Analytics', to: '/admin/analytics', icon: ChartColumn },
  campaigns: {
    label: 'Campaigns',
    to: '/admin/campaigns',
    icon: Megaphone,
    // A/B tests and segments are reached from the campaigns page's feature cards.
    aliases: ['/admin/ab-tests', '/admin/segments'],
  },
  unifiedTrigger: { label: 'All-in-One Creator', to: '/admin/unified-trigger', icon: WandSparkles },
  createTrigger: {
    label: 'Create Trigger',
    to: '/admin/create-trigger',
    icon: CirclePlus,
    aliases: ['/create-trigger'],
  },
  manageTriggers: {
    label: 'Manage Triggers',
    to: '/admin/manage-triggers',
    icon: ListChecks,
    aliases: ['/manage-triggers', '/admin/edit-trigger', '/edit-trigger'],
  },
  embedTrigger: { label: 'Embed in Media', to: '/admin/embed-trigger', icon: Film },
  segmentEmbedding: { label: 'Process Segment', to: '/admin/segment-embedding', icon: Scissors },
  mediaManagement: { label: 'Media Management', to: '/admin/media-management', icon: Upload },
  mobileSimulator: { label: 'Mobile Simulator', to: '/admin/mobile-simulator', icon: Smartphone },
  apiDocs: { label: 'API Documentation', to: '/api-docs', icon: BookOpen },
  landing: { label: 'Home Page', to: '/landing', icon: House },
  listener: { label: 'Listener App', to: '/listener', icon: Headphones },
  settings: { label: 'Account Settings', to: '/admin/settings', icon: Settings },
  teams: { label: 'Teams', to: '/admin/teams', icon: Users },
  help: { label: 'Help & Support', to: '/admin/help', icon: LifeBuoy },
} satisfies Record<string, NavEntry>;

/** SPEC §2.3: every group and entry of the desktop sidebar. */
export const SIDEBAR_GROUPS: NavGroup[] = [
  { label: 'Dashboard', entries: [SCREENS.overview, SCREENS.analytics] },
  { label: 'Marketing', entries: [SCREENS.campaigns] },
  {
    label: 'Triggers',
    entries: [
      SCREENS.unifiedTrigger,
      SCREENS.createTrigger,
      SCREENS.manageTriggers,
      SCREENS.embedTrigger,
      SCREENS.segmentEmbedding,
      SCREENS.mediaManagement,
    ],
  },
  { label: 'Development', entries: [SCREENS.mobileSimulator, SCREENS.apiDocs] },
  { label: 'Application', entries: [SCREENS.landing, SCREENS.listener] },
  { label: 'Settings', entries: [SCREENS.settings, SCREENS.teams, SCREENS.help] },
];

/**
 * The slide-over menu below 768 px. SPEC §2.3 lists seven entries, which left a phone with no way
 * to Analytics, Account Settings, Help, Process Segment or the Simulator (issue 14): on a phone it
 * offers the sidebar's groups, every admin screen.
 */
export const MOBILE_MENU_GROUPS: NavGroup[] = SIDEBAR_GROUPS;

/** SPEC §2.3: the bottom tab bar below 768 px, the same screens under short labels. */
export const BOTTOM_TABS: NavEntry[] = [
  { ...SCREENS.overview, label: 'Home', icon: House },
  { ...SCREENS.unifiedTrigger, label: 'Create', icon: CirclePlus },
  { ...SCREENS.mediaManagement, label: 'Media' },
  { ...SCREENS.embedTrigger, label: 'Embed' },
  { ...SCREENS.manageTriggers, label: 'Triggers' },
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
