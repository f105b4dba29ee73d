import { type ActivityRange, type DeviceFilter, EMPTY_ANALYTICS_SUMMARY } from '@tonemark/shared';
import { Bell, CirclePlus, Film, Search, WandSparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SettingsLink, UserAvatar } from '@/components/layouts/admin-layout';
import { PageHeader } from '@/components/page-header';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { activityCsvFilters } from '@/features/analytics/api/export-activations';
import { useActivity } from '@/features/analytics/api/get-activity';
import { useAnalyticsSummary } from '@/features/analytics/api/get-analytics-summary';
import { ActivityChart } from '@/features/analytics/components/activity-chart';
import { DeviceCompatibility } from '@/features/analytics/components/device-compatibility';
import { ExportCsvButton } from '@/features/analytics/components/export-csv-button';
import { MetricCards } from '@/features/analytics/components/metric-cards';
import { TriggerTypesGrid } from '@/features/analytics/components/trigger-types-grid';
import { useLiveAnalytics } from '@/features/analytics/hooks/use-live-analytics';
import { useUser } from '@/features/auth/api/get-me';
import { PhonePreview } from '@/features/dashboard/components/phone-preview';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { useTriggers } from '@/features/triggers/api/get-triggers';
import { RecentTriggers } from '@/features/triggers/components/recent-triggers';
import { toast } from '@/hooks/use-toast';

/** The header search sends the query to Manage Triggers, where it filters the table. */
function DashboardTopBar() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    navigate(q ? `/admin/manage-triggers?q=${encodeURIComponent(q)}` : '/admin/manage-triggers');
  }

  return (
    <div className="mb-6 hidden items-center gap-3 md:flex" data-testid="dashboard-page-header">
      <form onSubmit={submit} className="relative max-w-md flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          aria-label="Search triggers and analytics"
          placeholder="Search triggers, analytics..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="bg-white pl-9"
        />
      </form>
      <div className="ml-auto flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Notifications"
          onClick={() => toast({ title: 'Notifications', description: "You're all caught up." })}
        >
          <Bell />
        </Button>
        <SettingsLink label="Dashboard settings" />
        {user ? <UserAvatar user={user} className="ml-1 size-8 text-xs" /> : null}
      </div>
    </div>
  );
}

export function DashboardRoute() {
  const summaryQuery = useAnalyticsSummary();
  const triggersQuery = useTriggers();
  const summary = summaryQuery.data ?? EMPTY_ANALYTICS_SUMMARY;
  const { data: user } = useUser();
  const canCreate = user?.role !== 'viewer';
  const [range, setRange] = useState<ActivityRange>('7d');
  const [device, setDevice] = useState<DeviceFilter>('all');
  const activityQuery = useActivity(range, device);
  useLiveAnalytics();

  return (
    <div data-testid="dashboard">
      <DashboardTopBar />
      <PageHeader
        title="Dashboard"
        description={`Welcome back${user ? `, ${user.displayName ?? user.username}` : ''}! Here's what's happening with your sound triggers.`}
        actions={
          <>
            <ExportCsvButton
              filters={activityQuery.data ? activityCsvFilters(activityQuery.data) : undefined}
              title="Download the activations in the chart's range and devices as CSV"
              label="Export"
            />
            <Link to="/admin/embed-trigger" className={buttonVariants({ variant: 'outline' })}>
              <Film /> Embed in Media
            </Link>
            <Link to="/admin/unified-trigger" className={buttonVariants({ variant: 'secondary' })}>
              <WandSparkles /> All-in-One Creator
            </Link>
            {canCreate ? (
              <Link to="/admin/create-trigger" className={buttonVariants()}>
                <CirclePlus /> Create New Trigger
              </Link>
            ) : null}
          </>
        }
      />

      {summaryQuery.isError ? (
        <p
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700"
          role="alert"
        >
          Could not load analytics: {summaryQuery.error.message}
        </p>
      ) : null}
      {triggersQuery.isError ? (
        <p
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-700"
          role="alert"
        >
          Could not load triggers: {triggersQuery.error.message}
        </p>
      ) : null}

      <MetricCards summary={summary} isLoading={summaryQuery.isPlaceholderData} />

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 xl:col-span-2">
          <ActivityChart
            range={range}
            device={device}
            onRangeChange={setRange}
            onDeviceChange={setDevice}
            activity={activityQuery.data}
            isLoading={activityQuery.isPending || activityQuery.isPlaceholderData}
          />
          <RecentTriggers triggers={triggersQuery.data ?? []} isLoading={triggersQuery.isPending} />
          <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
            <TriggerTypesGrid counts={summary.triggerTypeCounts} />
            <DeviceCompatibility devices={summary.deviceCompatibility} />
          </div>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <PhonePreview />
          <QuickActions />
        </div>
      </div>
    </div>
  );
}
