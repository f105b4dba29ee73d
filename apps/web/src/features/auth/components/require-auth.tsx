import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '../api/get-me';

/** The sign-in address that brings the visitor back to `path` afterwards. */
export function signInPath(path: string): string {
  return `/landing?tab=creator&next=${encodeURIComponent(path)}`;
}

/** Renders children only with a session; anonymous visitors go to the sign-in form and come back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: user, isPending, isError, error, refetch } = useUser();

  if (isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner className="size-8" label="Checking your session" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="font-medium text-slate-900">Could not reach the server.</p>
        <p className="text-sm text-slate-500">{error.message}</p>
        <button
          type="button"
          className="text-sm font-medium text-indigo-600 hover:underline"
          onClick={() => refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!user) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return children;
}
