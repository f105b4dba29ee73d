import { WEEKDAYS } from '@tonemark/shared';
import { useEffect } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatChange, formatCount } from '@/lib/format-number';
import { usePerformance } from '../api/segments';
import { PerformanceTable } from './performance-table';
import { SegmentPerformanceCard } from './segment-performance-card';

interface Bar {
  key: string;
  label: string;
  value: number;
}

function Bars({ bars, testId }: { bars: Bar[]; testId: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <div className="flex h-32 items-end gap-1" data-testid={testId}>
      {bars.map((bar) => (
        <div key={bar.key} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
          <div
            className="w-full rounded-t bg-indigo-500/80"
            style={{ height: `${(bar.value / max) * 100}%`, minHeight: bar.value > 0 ? 2 : 0 }}
            title={`${bar.key}: ${formatCount(bar.value)}`}
          />
          <span className="h-3 text-[10px] leading-3 text-slate-500">{bar.label}</span>
        </div>
      ))}
    </div>
  );
}

/** Conversions, campaigns, segments and the hour / weekday shape of activity (issue 13 item 4). */
export function PerformanceSection() {
  const { data, isError, error } = usePerformance();
  // The campaigns page's "Campaign Analytics" card links here (#performance): scroll once it exists.
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#performance')
      document.getElementById('performance')?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  if (isError) return <p className="text-sm text-rose-600">{error.message}</p>;
  if (!data) return null;
  const trend = data.conversionRateTrend;
  return (
    <section
      id="performance"
      className="grid scroll-mt-6 grid-cols-1 gap-6"
      data-testid="performance-section"
    >
      <h2 className="text-lg font-semibold text-slate-900">Conversions and performance</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Card className="p-5">
          <p className="text-sm text-slate-500">Conversion rate</p>
          <p
            className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums"
            data-testid="conversion-rate"
          >
            {data.conversionRate.toFixed(1)} %
          </p>
          <p
            className={
              trend === null
                ? 'text-xs text-slate-500'
                : trend >= 0
                  ? 'text-xs text-emerald-700'
                  : 'text-xs text-rose-600'
            }
          >
            {trend === null ? 'New this month' : `${formatChange(trend)} vs last month`}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-slate-500">Conversions</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
            {formatCount(data.conversions)}
          </p>
          <p className="text-xs text-slate-500">Tracked clicks and reported goals</p>
        </Card>
        <Card className="p-5">
          <p className="text-sm text-slate-500">Campaigns with activity</p>
          <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">
            {data.campaignPerformance.length}
          </p>
          <p className="text-xs text-slate-500">Segments matched: {data.segmentPerformance.length}</p>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Campaign performance</CardTitle>
            <CardDescription>All time, by the campaign each trigger is in now.</CardDescription>
          </CardHeader>
          <CardContent>
            <PerformanceTable
              testId="campaign-performance"
              label="Campaign"
              empty="No campaign activity yet."
              rows={data.campaignPerformance.map((r) => ({ ...r, key: r.campaignId }))}
            />
          </CardContent>
        </Card>
        <SegmentPerformanceCard
          rows={data.segmentPerformance}
          description="Each activation counts under the first of your segments it matched."
        />
        <Card>
          <CardHeader>
            <CardTitle>Hourly activity</CardTitle>
            <CardDescription>
              Activations by hour of day (UTC), last {data.activityDays} days.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Bars
              testId="hourly-activity"
              bars={data.hourlyActivity.map((value, h) => ({
                key: `${String(h).padStart(2, '0')}:00`,
                label: h % 3 === 0 ? String(h) : '',
                value,
              }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Weekly activity</CardTitle>
            <CardDescription>
              Activations by day of the week (UTC), last {data.activityDays} days.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Bars
              testId="weekly-activity"
              bars={data.weeklyActivity.map((value, d) => ({
                key: WEEKDAYS[d] ?? '',
                label: WEEKDAYS[d] ?? '',
                value,
              }))}
            />
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
