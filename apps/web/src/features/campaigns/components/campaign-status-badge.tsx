import type { CampaignStatus } from '@tonemark/shared';
import { Badge } from '@/components/ui/badge';

/** SPEC §2.11: green when active, otherwise yellow. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge tone={status === 'active' ? 'emerald' : 'amber'} data-testid="campaign-status">
      {status}
    </Badge>
  );
}
