import { House, LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/app-link';
import { BrandMark } from '@/components/brand-mark';
import { buttonVariants } from '@/components/ui/button';

/** Public pages: a header bar with Home and Admin buttons (SPEC §2.1, /listener). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white" data-testid="public-header">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 sm:px-6">
          <AppLink to="/landing" aria-label="Tonemark home">
            <BrandMark />
          </AppLink>
          <nav className="flex items-center gap-1">
            <AppLink to="/landing" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              <House /> Home
            </AppLink>
            <AppLink to="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <LayoutDashboard /> Admin
            </AppLink>
          </nav>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">{children}</main>
    </div>
  );
}
