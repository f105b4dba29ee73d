import {
  ACTIVITY_RANGES,
  type ActivityRange,
  type ActivityResponse,
  DEVICE_FILTERS,
  type DeviceFilter,
} from '@tonemark/shared';
import { BarChart3 } from 'lucide-react';
import { DailyBars } from '@/components/daily-bars';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatChange, formatCount } from '@/lib/format-number';
import { ACTIVITY_RANGE_LABELS, DEVICE_FILTER_LABELS } from '../lib/activity-labels';
import { isTrendGood } from '../lib/trend';

/** SPEC §2.4 footer reads 'Total this week'; the other ranges name their own period. */
const FOOTER_LABELS: Record<ActivityRange, string> = {
  '7d': 'Total this week',
  month: 'Total this month',
  '30d': 'Total last 30 days',
};

function dayLabel(date: string, range: ActivityRange): string {
  const day = new Date(`${date}T00:00:00Z`);
  return range === '7d'
    ? day.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })
    : day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

interface ActivityChartProps {
  range: ActivityRange;
  device: DeviceFilter;
  onRangeChange: (range: ActivityRange) => void;
  onDeviceChange: (device: DeviceFilter) => void;
  activity: ActivityResponse | undefined;
  isLoading: boolean;
}

export function ActivityChart({
  range,
  device,
  onRangeChange,
  onDeviceChange,
  activity,
  isLoading,
}: ActivityChartProps) {
  const data = (activity?.days ?? []).map((day) => ({
    label: dayLabel(day.date, range),
    date: day.date,
    count: day.count,
  }));
  const total = activity?.total ?? 0;
  const change = activity?.changePercent ?? 0;

  return (
    <Card data-testid="activity-chart">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Trigger Activity</CardTitle>
        <div className="flex gap-2">
          <Select value={range} onValueChange={(value) => onRangeChange(value as ActivityRange)}>
            <SelectTrigger className="h-8 w-36 text-xs" aria-label="Date range">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ACTIVITY_RANGES.map((option) => (
                <SelectItem key={option} value={option}>
                  {ACTIVITY_RANGE_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={device} onValueChange={(value) => onDeviceChange(value as DeviceFilter)}>
            <SelectTrigger className="h-8 w-36 text-xs" aria-label="Devices">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DEVICE_FILTERS.map((option) => (
                <SelectItem key={option} value={option}>
                  {DEVICE_FILTER_LABELS[option]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {total === 0 && !isLoading ? (
          <div className="flex h-56 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-200 text-center">
            <BarChart3 className="size-7 text-slate-300" />
            <p className="text-sm font-medium text-slate-600">No activations in this period</p>
            <p className="max-w-xs text-xs text-slate-400">
              When listeners detect your triggers, daily activations show up here.
            </p>
          </div>
        ) : (
          <div className={cn('h-56', isLoading && 'opacity-50')} data-testid="activity-bars">
            <DailyBars bars={data} />
          </div>
        )}
      </CardContent>
      <CardFooter className="justify-between gap-2 text-sm">
        <span className="text-slate-500">{FOOTER_LABELS[range]}</span>
        <span className="flex items-center gap-2">
          <span className="font-semibold text-slate-900 tabular-nums" data-testid="activity-total">
            {formatCount(total)} activations
          </span>
          {activity && activity.previousTotal + total > 0 ? (
            <span
              className={cn(
                'text-xs font-medium',
                isTrendGood('totalActivations', change)
                  ? 'text-emerald-600'
                  : change < 0
                    ? 'text-red-600'
                    : 'text-slate-500',
              )}
              title="Change against the period before"
              data-testid="activity-change"
            >
              {/* From an empty period there is no percentage to give. */}
              {activity.previousTotal === 0 ? 'New' : formatChange(change)}
            </span>
          ) : null}
        </span>
      </CardFooter>
    </Card>
  );
}
