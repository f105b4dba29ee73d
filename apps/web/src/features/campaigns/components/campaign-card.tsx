import type { Campaign } from '@tonemark/shared';
import { CalendarDays, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { OwnerBadge } from '@/features/teams';
import { formatCreatedDate } from '@/lib/format-date';
import { CampaignStatusBadge } from './campaign-status-badge';

export function CampaignCard({ campaign }: { campaign: Campaign }) {
  return (
    <Link to={`/admin/campaigns/${campaign.id}`} className="group" data-testid="campaign-card">
      <Card className="flex h-full flex-col p-5 transition-shadow group-hover:shadow-md">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold text-slate-900 group-hover:text-indigo-700">{campaign.name}</h3>
          <span className="flex shrink-0 flex-wrap justify-end gap-1">
            <OwnerBadge teamId={campaign.teamId} />
            <CampaignStatusBadge status={campaign.status} />
          </span>
        </div>
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
      </Card>
    </Link>
  );
}
