import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format-number';

export interface PerformanceRow {
  key: number;
  name: string;
  activations: number;
  conversions: number;
  conversionRate: number;
}

/** The figures after the name column: each header and cell from one entry, so they cannot drift apart. */
const FIGURES: { label: string; cell: (row: PerformanceRow) => string }[] = [
  { label: 'Activations', cell: (row) => formatCount(row.activations) },
  { label: 'Conversions', cell: (row) => formatCount(row.conversions) },
  { label: 'Rate', cell: (row) => `${row.conversionRate.toFixed(1)} %` },
];

const figureClass = (index: number) => cn('py-2 text-right', index === FIGURES.length - 1 ? 'pl-3' : 'px-3');

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
            {FIGURES.map((figure, index) => (
              <th key={figure.label} className={cn(figureClass(index), 'font-medium')}>
                {figure.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <td className="py-2 pr-3 font-medium text-slate-900">{r.name}</td>
              {FIGURES.map((figure, index) => (
                <td key={figure.label} className={cn(figureClass(index), 'tabular-nums')}>
                  {figure.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
