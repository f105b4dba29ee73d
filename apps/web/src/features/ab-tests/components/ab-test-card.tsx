import type { AbTest } from '@tonemark/shared';
import { LinkCard } from '@/components/link-card';
import { formatCreatedDate } from '@/lib/format-date';
import { variantSplit } from '../lib/variant-split';
import { AbTestStatusBadge } from './ab-test-status-badge';

/** One test in the A/B tests grid: its name and status, campaign and split, and when it was made. */
export function AbTestCard({ test }: { test: AbTest }) {
  return (
    <LinkCard
      to={`/admin/ab-tests/${test.id}`}
      name={test.name}
      badges={<AbTestStatusBadge status={test.status} />}
      className="grid gap-2"
    >
      <p className="text-sm text-slate-600">
        {test.campaignName} · {variantSplit(test.variants)}
      </p>
      <p className="text-xs text-slate-500">Created {formatCreatedDate(test.createdAt)}</p>
    </LinkCard>
  );
}
