import type { AnalyticsSummary } from '@tonemark/shared';
import {
  Activity,
  BatteryMedium,
  CircleCheck,
  type LucideIcon,
  Minus,
  TrendingDown,
  TrendingUp,
  Zap,
} from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatChange, formatCount, formatPercent } from '@/lib/format-number';
import { isTrendGood } from '../lib/trend';

type TrendMetric = keyof Omit<AnalyticsSummary['lastMonthTrends'], 'conversionRate'>;

/** The icon badge's colours, spelled out so Tailwind finds every class. */
const TONES = {
  indigo: 'bg-indigo-50 text-indigo-600',
  violet: 'bg-violet-50 text-violet-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
};

interface MetricDefinition {
  key: TrendMetric;
  title: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  /** A rate shown as a percentage; otherwise a count. */
  percent?: true;
}

const METRICS: MetricDefinition[] = [
  { key: 'activeTriggers', title: 'Active Triggers', icon: Zap, tone: 'indigo' },
  { key: 'totalActivations', title: 'Total Activations', icon: Activity, tone: 'violet' },
  { key: 'successRate', title: 'Success Rate', icon: CircleCheck, tone: 'emerald', percent: true },
  { key: 'batteryImpact', title: 'Battery Impact', icon: BatteryMedium, tone: 'amber', percent: true },
];

/**
 * SPEC §9: battery is good when it falls ('less than last month'); the others when they rise.
 * null: last month had nothing to compare with, so there is no percentage to show.
 */
export function trendText(metric: TrendMetric, change: number | null): string {
  if (change === null) return 'New this month';
  if (change === 0) return 'No change from last month';
  if (metric === 'batteryImpact') {
    return `${Math.abs(change).toFixed(1)}% ${change < 0 ? 'less' : 'more'} than last month`;
  }
  return `${formatChange(change)} from last month`;
}

function Trend({ metric, change }: { metric: TrendMetric; change: number | null }) {
  const neutral = change === null || change === 0;
  const good = change !== null && isTrendGood(metric, change);
  const Icon = neutral ? Minus : change > 0 ? TrendingUp : TrendingDown;
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs font-medium',
        neutral ? 'text-slate-500' : good ? 'text-emerald-600' : 'text-red-600',
      )}
      data-trend={neutral ? 'neutral' : good ? 'good' : 'bad'}
    >
      <Icon className="size-3.5" />
      {trendText(metric, change)}
    </p>
  );
}

export function MetricCards({ summary, isLoading }: { summary: AnalyticsSummary; isLoading: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="metric-cards">
      {METRICS.map((metric) => {
        const Icon = metric.icon;
        return (
          <Card key={metric.key} className="p-5" data-testid={`metric-${metric.key}`}>
            <div className="flex items-start justify-between">
              <p className="text-sm font-medium text-slate-500">{metric.title}</p>
              <span className={cn('flex size-9 items-center justify-center rounded-lg', TONES[metric.tone])}>
                <Icon className="size-[18px]" />
              </span>
            </div>
            <p
              className={cn(
                'mt-2 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums',
                isLoading && 'text-slate-300',
              )}
              data-testid="metric-value"
            >
              {(metric.percent ? formatPercent : formatCount)(summary[metric.key])}
            </p>
            <div className="mt-2">
              <Trend metric={metric.key} change={summary.lastMonthTrends[metric.key]} />
            </div>
          </Card>
        );
      })}
    </div>
  );
}
