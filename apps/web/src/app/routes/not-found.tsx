import { FileQuestion } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';

function NotFoundCard({ homeTo, homeLabel }: { homeTo: string; homeLabel: string }) {
  const { pathname } = useLocation();
  return (
    <Card className="w-full max-w-md p-8 text-center" data-testid="not-found">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-500">
        <FileQuestion className="size-6" />
      </div>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900">404 Page Not Found</h1>
      <p className="mt-2 text-sm text-slate-500">
        No page lives at <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">{pathname}</code>
        .
      </p>
      {/* SPEC §2.1's developer hint, for development builds only: users never see it. */}
      {import.meta.env.DEV ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-left text-xs text-amber-800">
          Developer hint: did you forget to add the page to the router? Routes live in{' '}
          <code>apps/web/src/app/router.tsx</code>.
        </p>
      ) : null}
      <Link to={homeTo} className={buttonVariants({ className: 'mt-6' })}>
        {homeLabel}
      </Link>
    </Card>
  );
}

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <NotFoundCard homeTo="/landing" homeLabel="Go to Home Page" />
    </div>
  );
}

/** SPEC §2.2: any other /admin/... path shows the not-found page inside the admin shell. */
export function AdminNotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="flex justify-center py-10">
      <NotFoundCard homeTo="/admin" homeLabel="Back to Dashboard" />
    </div>
  );
}
