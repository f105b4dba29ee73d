import {
  type ActivityRange,
  DEVICE_TYPES,
  type DeviceFilter,
  EMPTY_ANALYTICS_SUMMARY,
} from '@tonemark/shared';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useActivationsPage } from '@/features/analytics/api/get-activations-page';
import { useActivity } from '@/features/analytics/api/get-activity';
import { useAnalyticsSummary } from '@/features/analytics/api/get-analytics-summary';
import { ActivationFilterBar } from '@/features/analytics/components/activation-filter-bar';
import { ActivationsTable } from '@/features/analytics/components/activations-table';
import { ActivityChart } from '@/features/analytics/components/activity-chart';
import { DeviceCompatibility } from '@/features/analytics/components/device-compatibility';
import { ExportCsvButton } from '@/features/analytics/components/export-csv-button';
import { LoadError } from '@/features/analytics/components/load-error';
import { MetricCards } from '@/features/analytics/components/metric-cards';
import { TriggerTypesGrid } from '@/features/analytics/components/trigger-types-grid';
import { useActivationFilters } from '@/features/analytics/hooks/use-activation-filters';
import { useLiveAnalytics } from '@/features/analytics/hooks/use-live-analytics';
import { usePageCursors } from '@/features/analytics/hooks/use-page-cursors';
import {
  dateRangeError,
  hasActivationFilters,
  toActivationFilters,
} from '@/features/analytics/lib/activation-filters';
import { PerformanceSection } from '@/features/segments/components/performance-section';
import { useTriggers } from '@/features/triggers/api/get-triggers';
import { formatCount } from '@/lib/format-number';

/** The reported device types plus the ones listeners can send, without the summary's 'Unknown'. */
function deviceTypeOptions(reported: Record<string, number>): string[] {
  const names = new Set<string>([...DEVICE_TYPES, ...Object.keys(reported)]);
  names.delete('Unknown');
  return [...names].sort((a, b) => a.localeCompare(b));
}

function ActivationsCard() {
  const { filters, update, setPage, reset } = useActivationFilters();
  const triggersQuery = useTriggers();
  const { data: summary } = useAnalyticsSummary();
  const dateError = dateRangeError(filters);
  const serverFilters = useMemo(() => toActivationFilters(filters), [filters]);
  const cursors = usePageCursors(serverFilters);
  const query = useActivationsPage(cursors.queryFor(filters.page), { enabled: dateError === undefined });
  if (!query.isPlaceholderData) cursors.remember(filters.page, query.data);
  const data = dateError ? undefined : query.data;
  const filtered = hasActivationFilters(filters);

  // A page past the end (rows gone, or an old link) moves to the last page that has rows.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  useEffect(() => {
    if (data && !query.isPlaceholderData && filters.page > lastPage) setPage(lastPage);
  }, [data, query.isPlaceholderData, filters.page, lastPage, setPage]);

  const total = data?.total ?? 0;
  return (
    <Card data-testid="activations-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle>Activations</CardTitle>
          <CardDescription>
            Every detection of your triggers, newest first; the CSV holds every row that matches.
          </CardDescription>
        </div>
        <ExportCsvButton
          filters={serverFilters}
          disabled={!data || total === 0 || query.isPlaceholderData}
          title={`Download the ${data?.totalExact === false ? 'at least ' : ''}${formatCount(total)} activation${total === 1 ? '' : 's'} that match these filters as CSV`}
          testId="export-csv"
        />
      </CardHeader>
      {/* Nothing recorded yet: the empty state says where activations come from; filters would only distract. */}
      {filtered || (data && data.total > 0) ? (
        <CardContent>
          <ActivationFilterBar
            filters={filters}
            triggers={triggersQuery.data ?? []}
            deviceTypes={deviceTypeOptions(summary?.deviceCompatibility ?? {})}
            dateError={dateError}
            onChange={update}
            onReset={filtered ? reset : undefined}
          />
        </CardContent>
      ) : null}
      {dateError ? null : (
        <ActivationsTable
          data={data}
          page={Math.min(filters.page, lastPage)}
          isPending={query.isPending}
          isStale={query.isPlaceholderData}
          error={query.error}
          filtered={filtered}
          onRetry={() => void query.refetch()}
          onPageChange={setPage}
          onClearFilters={reset}
        />
      )}
    </Card>
  );
}

/** /admin/analytics: the summary with its trends, activity, devices, trigger types and every activation. */
export function AnalyticsRoute() {
  const summaryQuery = useAnalyticsSummary();
  const summary = summaryQuery.data ?? EMPTY_ANALYTICS_SUMMARY;
  const [chart, setChart] = useState<{ range: ActivityRange; device: DeviceFilter }>({
    range: '7d',
    device: 'all',
  });
  const activityQuery = useActivity(chart.range, chart.device);
  useLiveAnalytics();

  return (
    <div data-testid="analytics">
      <PageHeader
        title="Analytics"
        description="How often your sound triggers are heard, on which devices, and how this month compares with the last."
      />

      {summaryQuery.isError ? (
        <LoadError
          what="analytics"
          error={summaryQuery.error}
          onRetry={() => void summaryQuery.refetch()}
          className="mb-4"
        />
      ) : null}

      <MetricCards summary={summary} isLoading={summaryQuery.isPlaceholderData} />

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 xl:col-span-2">
          <ActivityChart
            range={chart.range}
            device={chart.device}
            onRangeChange={(range) => setChart((current) => ({ ...current, range }))}
            onDeviceChange={(device) => setChart((current) => ({ ...current, device }))}
            activity={activityQuery.data}
            isLoading={activityQuery.isPending || activityQuery.isPlaceholderData}
          />
        </div>
        <div className="grid min-w-0 content-start gap-6 lg:grid-cols-2 xl:grid-cols-1">
          <DeviceCompatibility devices={summary.deviceCompatibility} />
          <TriggerTypesGrid counts={summary.triggerTypeCounts} />
        </div>
      </div>

      <div className="mt-6">
        <PerformanceSection />
      </div>

      <div className="mt-6">
        <ActivationsCard />
      </div>
    </div>
  );
}
