import type { Trigger } from '@tonemark/shared';
import { ArrowRight, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TriggerStatusBadge, TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCreatedDate } from '@/lib/format-date';
import { useTestTrigger } from '../hooks/use-test-trigger';
import { filterTriggers, type TypeFilter } from '../lib/filter-triggers';
import { EmptyTriggers } from './empty-triggers';
import { TriggerFilters } from './trigger-filters';

/** SPEC §9: Recent Triggers shows at most 4 cards. */
const RECENT_TRIGGERS_MAX = 4;

/** SPEC §2.4: search, type filter, at most 4 cards, View All only when more than 4 match. */
export function RecentTriggers({ triggers, isLoading }: { triggers: Trigger[]; isLoading: boolean }) {
  const [search, setSearch] = useState('');
  const [type, setType] = useState<TypeFilter>('ALL');
  const { testTrigger, pendingId } = useTestTrigger();
  const matches = filterTriggers(triggers, search, type);
  const shown = matches.slice(0, RECENT_TRIGGERS_MAX);

  return (
    <Card data-testid="recent-triggers">
      <CardHeader className="gap-3">
        <div className="flex items-center justify-between">
          <CardTitle>Recent Triggers</CardTitle>
          {matches.length > RECENT_TRIGGERS_MAX ? (
            <Link
              to="/manage-triggers"
              className="inline-flex items-center gap-1 text-sm font-medium text-indigo-600 hover:underline"
            >
              View All Triggers <ArrowRight className="size-4" />
            </Link>
          ) : null}
        </div>
        <TriggerFilters
          search={search}
          onSearchChange={setSearch}
          type={type}
          onTypeChange={setType}
          testIdPrefix="recent-triggers"
        />
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {[0, 1].map((n) => (
              <div key={n} className="h-24 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <EmptyTriggers />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {shown.map((trigger) => (
              <li
                key={trigger.id}
                className="group relative flex flex-col gap-2 rounded-lg border border-slate-200 p-4 transition hover:border-indigo-200 hover:shadow-sm"
                data-testid="recent-trigger-card"
              >
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={`/edit-trigger/${trigger.id}`}
                    className="truncate font-medium text-slate-900 after:absolute after:inset-0 hover:text-indigo-700"
                    title="Edit Trigger"
                  >
                    {trigger.name}
                  </Link>
                  <TriggerTypeBadge type={trigger.type} />
                </div>
                <p className="line-clamp-1 min-h-5 text-sm text-slate-500">{trigger.description ?? ''}</p>
                <div className="flex items-center justify-between gap-2">
                  <div className="flex items-center gap-2 text-xs text-slate-500">
                    <TriggerStatusBadge status={trigger.status} compact />
                    <span>{formatCreatedDate(trigger.createdAt)}</span>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="relative z-10"
                    aria-label={`Test ${trigger.name}`}
                    disabled={pendingId === trigger.id}
                    onClick={() => testTrigger(trigger.id)}
                  >
                    <Play /> Test
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
