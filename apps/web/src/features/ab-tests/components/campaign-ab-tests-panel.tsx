import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAbTests } from '../api/ab-tests';
import { AbTestStatusBadge } from './ab-test-status-badge';

/** The campaign page's A/B tests: each one a link to its results. */
export function CampaignAbTestsPanel({ campaignId, readOnly }: { campaignId: number; readOnly: boolean }) {
  const { data } = useAbTests(campaignId);
  const tests = data?.tests ?? [];
  return (
    <Card className="min-w-0" data-testid="campaign-ab-tests">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>A/B tests</CardTitle>
          <CardDescription>Variants of this campaign’s triggers, and which converts best.</CardDescription>
        </div>
        {!readOnly && data?.planIncludesAbTesting ? (
          <Link
            to={`/admin/ab-tests/new?campaignId=${campaignId}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Plus /> New A/B test
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {tests.length === 0 ? (
          <p className="text-sm text-slate-500">
            {data && !data.planIncludesAbTesting ? (
              <>
                A/B testing comes with Pro and Enterprise:{' '}
                <Link className="text-indigo-600 hover:underline" to="/pricing">
                  see plans
                </Link>
                .
              </>
            ) : (
              'No test in this campaign yet.'
            )}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {tests.map((test) => (
              <li key={test.id}>
                <Link
                  to={`/admin/ab-tests/${test.id}`}
                  className="flex items-center justify-between gap-3 py-2.5 text-sm hover:text-indigo-700"
                >
                  <span className="font-medium">{test.name}</span>
                  <span className="flex items-center gap-2 text-slate-500">
                    {test.variants.length} variants <AbTestStatusBadge status={test.status} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
