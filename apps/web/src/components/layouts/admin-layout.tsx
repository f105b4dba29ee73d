import * as DialogPrimitive from '@radix-ui/react-dialog';
import { BRAND, type PublicUser } from '@tonemark/shared';
import { Headphones, House, LogOut, Menu, Settings, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogOverlay, DialogPortal, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import {
  BOTTOM_TABS,
  isEntryActive,
  MOBILE_MENU_GROUPS,
  type NavEntry,
  type NavGroup,
  SIDEBAR_GROUPS,
} from './admin-nav';

export function UserAvatar({ user, className }: { user: PublicUser; className?: string }) {
  const initials =
    user.username
      .split(/[\s._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || user.email[0]?.toUpperCase();
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-500 text-sm font-semibold text-white',
        className,
      )}
    >
      {initials}
    </span>
  );
}

/** The sidebar and the mobile menu: each group's small heading over its entries. */
function NavGroups({
  groups,
  renderEntry,
}: {
  groups: NavGroup[];
  renderEntry: (entry: NavEntry) => ReactNode;
}) {
  return groups.map((group) => (
    <div key={group.label} className="mb-3 last:mb-0">
      <p className="mb-1 px-3 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
        {group.label}
      </p>
      <div className="grid">{group.entries.map(renderEntry)}</div>
    </div>
  ));
}

/** An entry's current-page mark, look, icon and label; `idle` is its look when it is not the page shown. */
function navEntryParts(entry: NavEntry, pathname: string, shape: string, idle: string) {
  const Icon = entry.icon;
  const active = isEntryActive(entry, pathname);
  return {
    'aria-current': active ? ('page' as const) : undefined,
    className: cn(
      'flex items-center gap-3 rounded-lg px-3 text-sm font-medium',
      shape,
      active ? 'bg-indigo-50 text-indigo-700' : idle,
    ),
    children: (
      <>
        <Icon className={cn('size-[18px]', active ? 'text-indigo-600' : 'text-slate-400')} />
        {entry.label}
      </>
    ),
  };
}

function SidebarLink({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  return (
    <Link
      to={entry.to}
      // Compact enough that every entry, Settings included, fits a 1280×800 screen unscrolled.
      {...navEntryParts(
        entry,
        pathname,
        'py-[5px] transition-colors',
        'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    />
  );
}

function Sidebar({
  user,
  pathname,
  onSignOut,
  signingOut,
}: {
  user: PublicUser;
  pathname: string;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    // The aside stretches with the page (its border and background run the full height); the inner
    // column sticks to the viewport so the navigation and the user block stay in view.
    <aside
      className="z-30 hidden w-64 shrink-0 border-r border-slate-200 bg-white md:block"
      data-testid="sidebar"
      aria-label="Admin navigation"
    >
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-14 shrink-0 items-center border-b border-slate-100 px-5">
          <Link to="/admin" aria-label={`${BRAND} dashboard`}>
            <BrandMark />
          </Link>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-3">
          <NavGroups
            groups={SIDEBAR_GROUPS}
            renderEntry={(entry) => <SidebarLink key={entry.to} entry={entry} pathname={pathname} />}
          />
        </nav>
        <div
          className="flex items-center gap-3 border-t border-slate-100 px-4 py-3"
          data-testid="sidebar-user"
        >
          <Link
            to="/admin/settings"
            className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:text-indigo-700"
            title="Account Settings"
          >
            <UserAvatar user={user} className="size-8" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900" data-testid="sidebar-user-name">
                {user.displayName ?? user.username}
              </p>
              <p className="truncate text-xs text-slate-500" data-testid="sidebar-user-email">
                {user.email}
              </p>
            </div>
          </Link>
          <button
            type="button"
            onClick={onSignOut}
            disabled={signingOut}
            aria-label="Sign out"
            title="Sign out"
            className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
          >
            <LogOut />
          </button>
        </div>
      </div>
    </aside>
  );
}

function MobileMenu({
  open,
  onOpenChange,
  pathname,
  user,
  onSignOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pathname: string;
  user: PublicUser;
  onSignOut: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPortal>
        <DialogOverlay data-testid="mobile-menu-backdrop" />
        <DialogPrimitive.Content
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-2xl data-[state=open]:animate-[slide-in-left_200ms_ease-out]"
          data-testid="mobile-menu"
        >
          <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
            <BrandMark />
            <DialogPrimitive.Close
              aria-label="Close menu"
              className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
            >
              <X />
            </DialogPrimitive.Close>
          </div>
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <DialogDescription className="sr-only">Main navigation</DialogDescription>
          <nav className="flex-1 overflow-y-auto p-3">
            <NavGroups
              groups={MOBILE_MENU_GROUPS}
              renderEntry={(entry) => (
                <button
                  key={entry.to}
                  type="button"
                  onClick={() => {
                    onOpenChange(false);
                    navigate(entry.to);
                  }}
                  {...navEntryParts(entry, pathname, 'py-2 text-left', 'text-slate-700 hover:bg-slate-100')}
                />
              )}
            />
          </nav>
          <div className="flex items-center gap-3 border-t border-slate-100 p-4">
            <UserAvatar user={user} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">
                {user.displayName ?? user.username}
              </p>
              <p className="truncate text-xs text-slate-500">{user.email}</p>
            </div>
            <button
              type="button"
              onClick={() => {
                onOpenChange(false);
                onSignOut();
              }}
              aria-label="Sign out"
              className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
            >
              <LogOut />
            </button>
          </div>
        </DialogPrimitive.Content>
      </DialogPortal>
    </Dialog>
  );
}

function BottomTabBar({ pathname }: { pathname: string }) {
  return (
    <nav
      className="fixed inset-x-0 bottom-0 z-30 grid h-16 grid-cols-5 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      data-testid="bottom-tab-bar"
      aria-label="Tabs"
    >
      {BOTTOM_TABS.map((tab) => {
        const Icon = tab.icon;
        const active = isEntryActive(tab, pathname);
        return (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.exact}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex flex-col items-center justify-center gap-0.5 text-[11px] font-medium',
              active ? 'text-indigo-600' : 'text-slate-500 hover:text-slate-900',
            )}
          >
            <Icon className="size-5" />
            {tab.label}
          </NavLink>
        );
      })}
    </nav>
  );
}

/**
 * The gear buttons. SPEC §2.3 has them show 'Settings page will be available soon.'; Account
 * Settings exists now, so they open it (issue 14: the real thing wins over the placeholder).
 */
export function SettingsLink({ label = 'Settings', testId }: { label?: string; testId?: string }) {
  return (
    <Link
      to="/admin/settings"
      aria-label={label}
      title="Account Settings"
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      data-testid={testId}
    >
      <Settings />
    </Link>
  );
}

/** SPEC §2.3: sidebar and header strip from 768 px; top bar, slide-over menu and tab bar below. */
export function AdminLayout({
  user,
  onSignOut,
  signingOut = false,
  children,
}: {
  user: PublicUser;
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <Sidebar user={user} pathname={pathname} onSignOut={onSignOut} signingOut={signingOut} />

      <header
        className="sticky top-0 z-20 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-3 backdrop-blur md:hidden"
        data-testid="mobile-top-bar"
      >
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            data-testid="mobile-menu-button"
          >
            <Menu />
          </button>
          <BrandMark className="text-base" />
        </div>
        <div className="flex items-center gap-1">
          <SettingsLink testId="mobile-settings-button" />
          <Link
            to="/landing"
            aria-label="Home"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            data-testid="mobile-home-button"
          >
            <House />
          </Link>
        </div>
      </header>

      <MobileMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        pathname={pathname}
        user={user}
        onSignOut={onSignOut}
      />

      <div className="min-w-0 flex-1">
        <div
          className="hidden h-12 items-center justify-end gap-2 border-b border-slate-200 bg-white px-6 md:flex"
          data-testid="header-strip"
        >
          <Link to="/listener" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Headphones /> Open Listener
          </Link>
          <Link to="/landing" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <House /> Back to Home
          </Link>
        </div>
        <main className="mx-auto w-full max-w-7xl px-4 pt-5 pb-24 sm:px-6 md:pt-6 md:pb-10 lg:px-8">
          {children}
        </main>
      </div>

      <BottomTabBar pathname={pathname} />
    </div>
  );
}
