import type { AbTestResults } from '@tonemark/shared';
import { Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format-number';

const pct = (n: number) => `${n.toFixed(1)} %`;
const pp = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)} pts`;

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <div>
      <p className="text-xs tracking-wide text-slate-500 uppercase">{label}</p>
      <p className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
      {note ? <p className="text-xs text-slate-500 tabular-nums">{note}</p> : null}
    </div>
  );
}

/** One block per variant: served, activations, conversions, rate with its interval, and the test against the control. */
export function AbTestResultsTable({
  results,
  canDeclare,
  declaring,
  onDeclare,
}: {
  results: AbTestResults;
  canDeclare: boolean;
  declaring: boolean;
  onDeclare: (variantId: number) => void;
}) {
  const { test } = results;
  return (
    <ul className="grid grid-cols-1 gap-3" data-testid="ab-results">
      {results.variants.map((v) => {
        const variant = test.variants.find((x) => x.id === v.variantId);
        const comparison = results.comparisons.find((c) => c.variantId === v.variantId);
        const winner = test.winnerVariantId === v.variantId;
        return (
          <li
            key={v.variantId}
            className={`grid grid-cols-1 gap-4 rounded-xl border p-4 ${winner ? 'border-emerald-300 bg-emerald-50/40' : 'border-slate-200'}`}
            data-testid={`ab-result-${v.name}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {v.name}
                  <span className="text-sm font-normal text-slate-500">
                    {v.trafficAllocation} % of traffic
                  </span>
                  {winner ? (
                    <Badge tone="emerald">
                      <Trophy className="size-3" /> Winner
                    </Badge>
                  ) : null}
                  {results.leaderVariantId === v.variantId && !winner ? (
                    <Badge tone="indigo">Leading</Badge>
                  ) : null}
                </p>
                <p className="truncate text-xs text-slate-500" title={variant?.actionData}>
                  {variant?.triggerName ?? 'Deleted trigger'} · {variant?.actionData}
                </p>
              </div>
              {canDeclare ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={declaring}
                  onClick={() => onDeclare(v.variantId)}
                >
                  <Trophy /> Declare winner
                </Button>
              ) : null}
            </div>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
              <Figure label="Served" value={formatCount(v.served)} note="listeners" testId="served" />
              <Figure label="Activations" value={formatCount(v.activations)} testId="activations" />
              <Figure
                label="Conversions"
                value={formatCount(v.conversions)}
                note={`${formatCount(v.clicks)} clicks · ${formatCount(v.goals)} goals`}
                testId="conversions"
              />
              <Figure
                label="Conversion rate"
                value={pct(v.conversionRate)}
                note={`95 % CI ${pct(v.interval.low)} – ${pct(v.interval.high)}`}
                testId="rate"
              />
              <div>
                <p className="text-xs tracking-wide text-slate-500 uppercase">vs control</p>
                {comparison ? (
                  <div className="grid justify-items-start gap-1">
                    <p className="text-lg font-semibold text-slate-900 tabular-nums">
                      {pp(comparison.difference)}
                    </p>
                    <p className="text-xs text-slate-500 tabular-nums">
                      {pp(comparison.interval.low)} to {pp(comparison.interval.high)}
                    </p>
                    {comparison.significant ? (
                      <Badge tone="emerald">Significant · p = {comparison.pValue?.toFixed(4)}</Badge>
                    ) : !comparison.enoughData ? (
                      <Badge tone="slate">Not enough data yet</Badge>
                    ) : (
                      <Badge tone="amber">
                        Not significant
                        {comparison.pValue === null ? '' : ` · p = ${comparison.pValue.toFixed(3)}`}
                      </Badge>
                    )}
                  </div>
                ) : (
                  <p className="text-lg font-semibold text-slate-400">Control</p>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
