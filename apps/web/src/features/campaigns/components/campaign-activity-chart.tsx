import type { CampaignActivityPoint } from '@tonemark/shared';
import { DailyBars } from '@/components/daily-bars';

const label = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Daily activations over the last 30 days. */
export function CampaignActivityChart({ activity }: { activity: CampaignActivityPoint[] }) {
  const bars = activity.map((p) => ({ date: p.date, label: label(p.date), count: p.activations }));
  return (
    <div className="w-full" data-testid="campaign-activity-chart">
      <DailyBars bars={bars} className="h-64" />
    </div>
  );
}
