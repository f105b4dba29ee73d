import type { AbTestResults } from '@tonemark/shared';
import { Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format-number';

const pct = (n: number) => `${n.toFixed(1)} %`;
const pp = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)} pts`;

/** Per variant: served, activations, conversions, rate with its interval, and the test against the control. */
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
    <div className="overflow-x-auto">
      <table className="w-full min-w-[56rem] text-left text-sm" data-testid="ab-results">
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="py-2 pr-3 font-medium">Variant</th>
            <th className="px-3 py-2 text-right font-medium">Traffic</th>
            <th className="px-3 py-2 text-right font-medium">Served</th>
            <th className="px-3 py-2 text-right font-medium">Activations</th>
            <th className="px-3 py-2 text-right font-medium">Conversions</th>
            <th className="px-3 py-2 text-right font-medium">Rate (95 % CI)</th>
            <th className="px-3 py-2 font-medium">vs control</th>
            <th className="py-2 pl-3" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {results.variants.map((v) => {
            const variant = test.variants.find((x) => x.id === v.variantId);
            const comparison = results.comparisons.find((c) => c.variantId === v.variantId);
            const winner = test.winnerVariantId === v.variantId;
            return (
              <tr key={v.variantId} data-testid={`ab-result-${v.name}`}>
                <td className="py-3 pr-3">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    {v.name}
                    {winner ? (
                      <Badge tone="emerald">
                        <Trophy className="size-3" /> Winner
                      </Badge>
                    ) : null}
                    {results.leaderVariantId === v.variantId && !winner ? (
                      <Badge tone="indigo">Leading</Badge>
                    ) : null}
                  </p>
                  <p className="max-w-64 truncate text-xs text-slate-500" title={variant?.actionData}>
                    {variant?.triggerName ?? 'Deleted trigger'} · {variant?.actionData}
                  </p>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{v.trafficAllocation} %</td>
                <td className="px-3 py-3 text-right tabular-nums" data-testid="served">
                  {formatCount(v.served)}
                </td>
                <td className="px-3 py-3 text-right tabular-nums" data-testid="activations">
                  {formatCount(v.activations)}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  <span data-testid="conversions">{formatCount(v.conversions)}</span>
                  <p className="text-xs text-slate-500">
                    {formatCount(v.clicks)} clicks · {formatCount(v.goals)} goals
                  </p>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">
                  <span className="font-medium text-slate-900" data-testid="rate">
                    {pct(v.conversionRate)}
                  </span>
                  <p className="text-xs text-slate-500">
                    {pct(v.interval.low)} – {pct(v.interval.high)}
                  </p>
                </td>
                <td className="px-3 py-3">
                  {comparison ? (
                    <div className="grid gap-0.5">
                      <span className="tabular-nums">
                        {pp(comparison.difference)}{' '}
                        <span className="text-xs text-slate-500">
                          ({pp(comparison.interval.low)} to {pp(comparison.interval.high)})
                        </span>
                      </span>
                      <span className="text-xs">
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
                      </span>
                    </div>
                  ) : (
                    <span className="text-xs text-slate-500">Control</span>
                  )}
                </td>
                <td className="py-3 pl-3 text-right">
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
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
