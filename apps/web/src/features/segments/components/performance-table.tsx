import { formatCount } from '@/lib/format-number';

export interface PerformanceRow {
  key: number;
  name: string;
  activations: number;
  conversions: number;
  conversionRate: number;
}

/** Activations, conversions and rate per campaign or segment. */
export function PerformanceTable({
  rows,
  label,
  empty,
  testId,
}: {
  rows: PerformanceRow[];
  label: string;
  empty: string;
  testId: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="py-2 pr-3 font-medium">{label}</th>
            <th className="px-3 py-2 text-right font-medium">Activations</th>
            <th className="px-3 py-2 text-right font-medium">Conversions</th>
            <th className="py-2 pl-3 text-right font-medium">Rate</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-2 pr-3 font-medium text-slate-900">{r.name}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(r.activations)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatCount(r.conversions)}</td>
              <td className="py-2 pl-3 text-right tabular-nums">{r.conversionRate.toFixed(1)} %</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
