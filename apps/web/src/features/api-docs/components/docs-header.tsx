import { Headphones, House, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { buttonVariants } from '@/components/ui/button';

/** SPEC §2.10: header buttons Home (/landing), Admin (/admin) and Listener (/listener). */
export function DocsHeader() {
  return (
    <header className="border-b border-slate-200 bg-white" data-testid="api-docs-header">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        {/* On phones the Home button leads to the same place and the three buttons need the room. */}
        <Link to="/landing" aria-label="Tonemark home" className="hidden shrink-0 sm:block">
          <BrandMark />
        </Link>
        <nav className="flex w-full items-center justify-end gap-1 sm:w-auto" aria-label="Main">
          <Link to="/landing" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <House /> Home
          </Link>
          <Link to="/admin" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            <LayoutDashboard /> Admin
          </Link>
          <Link to="/listener" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Headphones /> Listener
          </Link>
        </nav>
      </div>
    </header>
  );
}
