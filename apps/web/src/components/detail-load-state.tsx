import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

/**
 * What a detail screen shows before its record is there: a spinner while it loads, and after a
 * failed load either "not found" (404, or 400 for an id that is not a number; someone else's
 * record answers 404 too) or the error's message. Null once the record is loaded.
 */
export function DetailLoadState({
  query: { isPending, error },
  texts,
  backLink,
  testId,
}: {
  query: { isPending: boolean; error: Error | null };
  texts: { loading: string; notFound: string; failed: string };
  backLink: ReactNode;
  testId: string;
}) {
  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-8" label={texts.loading} />
      </div>
    );
  }
  if (!error) return null;
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="grid gap-4">
      {backLink}
      <Card className="p-8 text-center" data-testid={testId}>
        <p className="font-medium text-slate-900">{missing ? texts.notFound : texts.failed}</p>
        <p className="mt-1 text-sm text-slate-500">
          {missing ? 'It does not exist or belongs to someone else.' : error.message}
        </p>
      </Card>
    </div>
  );
}
