import type { Campaign } from '@tonemark/shared';
import { CalendarDays, Zap } from 'lucide-react';
import { LinkCard } from '@/components/link-card';
import { OwnerBadge } from '@/features/teams';
import { formatCreatedDate } from '@/lib/format-date';
import { CampaignStatusBadge } from './campaign-status-badge';

/** One campaign in the campaigns grid: name, owner and status, description, age and trigger count. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  return (
    <LinkCard
      to={`/admin/campaigns/${campaign.id}`}
      name={campaign.name}
      badges={
        <>
          <OwnerBadge teamId={campaign.teamId} />
          <CampaignStatusBadge status={campaign.status} />
        </>
      }
      className="flex h-full flex-col"
      testId="campaign-card"
    >
      <p className="mt-2 line-clamp-2 flex-1 text-sm text-slate-600">
        {campaign.description || 'No description'}
      </p>
      <div className="mt-4 flex items-center justify-between text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <CalendarDays className="size-3.5" /> Created {formatCreatedDate(campaign.createdAt)}
        </span>
        <span className="inline-flex items-center gap-1">
          <Zap className="size-3.5" /> {campaign.triggerCount} trigger
          {campaign.triggerCount === 1 ? '' : 's'}
        </span>
      </div>
    </LinkCard>
  );
}
