import { type Activation, type ActivationPage, detectionQuality } from '@tonemark/shared';
import { ChevronLeft, ChevronRight, Headphones, SearchX, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/hooks/use-media-query';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format-date';
import { formatCount } from '@/lib/format-number';
import { platformLabel } from '../lib/activation-filters';
import { LoadError } from './load-error';

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function ResultBadge({ successful }: { successful: boolean }) {
  return <Badge tone={successful ? 'emerald' : 'rose'}>{successful ? 'Successful' : 'Failed'}</Badge>;
}

function triggerLabel(activation: Activation): string {
  return (
    activation.triggerName ?? (activation.triggerId ? `Trigger #${activation.triggerId}` : 'Deleted trigger')
  );
}

function qualityTone(snrDb: number): { quality: ReturnType<typeof detectionQuality>; tone: string } {
  const quality = detectionQuality(snrDb);
  const tone = quality.level === 'weak' ? 'text-rose-700' : quality.level === 'fair' ? 'text-amber-700' : '';
  return { quality, tone };
}

/** The detection's quality figure in words and dB on one line (phone cards). */
function QualityText({ snrDb }: { snrDb: number }) {
  const { quality, tone } = qualityTone(snrDb);
  return (
    <span className={tone} title={quality.explanation} data-testid="activation-quality">
      {quality.text}
    </span>
  );
}

/** The table cell: words over the dB figure, like the When column; a dash when none was reported. */
function QualityCell({ activation }: { activation: Activation }) {
  if (activation.snrDb === null) return <span className="text-slate-400">–</span>;
  const { quality, tone } = qualityTone(activation.snrDb);
  return (
    <div title={quality.explanation} data-testid="activation-quality">
      <div className={tone}>{quality.words.replace(/ signal$/, '')}</div>
      <div className="text-xs text-slate-400 tabular-nums">{activation.snrDb.toFixed(1)} dB SNR</div>
    </div>
  );
}

/** Nothing recorded at all: where activations come from. */
export function NoActivationsYet() {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="activations-empty">
      <div className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Headphones className="size-6" />
      </div>
      <div>
        <p className="font-medium text-slate-900">No activations yet</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">
          An activation is recorded each time a listener hears one of your active triggers. Play a trigger
          near the Listener app on another device, or try it here with the Mobile Simulator.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/listener" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Headphones /> Open the Listener
        </Link>
        <Link to="/admin/mobile-simulator" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Smartphone /> Mobile Simulator
        </Link>
      </div>
    </div>
  );
}

function NoMatches({ onClearFilters }: { onClearFilters: () => void }) {
  return (
    <div
      className="flex flex-col items-center gap-2 px-6 py-12 text-center"
      data-testid="activations-no-match"
    >
      <SearchX className="size-6 text-slate-300" />
      <p className="text-sm font-medium text-slate-700">No activations match these filters.</p>
      <Button variant="link" size="sm" onClick={onClearFilters}>
        Clear filters
      </Button>
    </div>
  );
}

function ActivationCards({ activations }: { activations: Activation[] }) {
  return (
    <ul className="divide-y divide-slate-100 border-t border-slate-100">
      {activations.map((activation) => (
        <li key={activation.id} className="grid gap-1.5 px-5 py-3" data-testid="activation-row">
          <div className="flex items-start justify-between gap-2">
            <span className="min-w-0 truncate font-medium text-slate-900">{triggerLabel(activation)}</span>
            <ResultBadge successful={activation.successful} />
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span data-testid="activation-device">{activation.deviceType ?? 'Unknown'}</span>
            <span title={activation.osVersion ?? undefined}>{platformLabel(activation.osVersion)}</span>
            {activation.snrDb === null ? null : <QualityText snrDb={activation.snrDb} />}
            <time dateTime={activation.activatedAt} title={formatWhen(activation.activatedAt)}>
              {formatRelativeTime(activation.activatedAt)}
            </time>
          </div>
        </li>
      ))}
    </ul>
  );
}

interface Column {
  label: string;
  align?: 'right';
  /** Classes of the body cells only; the header keeps the table's header style. */
  className: string;
  cell: (activation: Activation) => ReactNode;
  testId?: string;
}

const COLUMNS: Column[] = [
  {
    label: 'When',
    className: 'whitespace-nowrap',
    cell: (a) => (
      <>
        <time dateTime={a.activatedAt} className="text-slate-900">
          {formatWhen(a.activatedAt)}
        </time>
        <div className="text-xs text-slate-400">{formatRelativeTime(a.activatedAt)}</div>
      </>
    ),
  },
  {
    label: 'Trigger',
    className: 'max-w-56 truncate font-medium text-slate-900',
    cell: triggerLabel,
  },
  {
    label: 'Device type',
    className: 'whitespace-nowrap text-slate-600',
    cell: (a) => a.deviceType ?? 'Unknown',
    testId: 'activation-device',
  },
  {
    label: 'Platform',
    className: 'text-slate-600',
    cell: (a) => <span title={a.osVersion ?? undefined}>{platformLabel(a.osVersion)}</span>,
  },
  {
    label: 'Quality',
    className: 'whitespace-nowrap text-slate-600',
    cell: (a) => <QualityCell activation={a} />,
  },
  {
    label: 'Battery',
    align: 'right',
    className: 'text-slate-600 tabular-nums',
    cell: (a) => (a.batteryImpact === null ? '–' : `${a.batteryImpact}%`),
  },
  {
    label: 'Result',
    align: 'right',
    className: '',
    cell: (a) => <ResultBadge successful={a.successful} />,
  },
];

/** Padding and alignment shared by a column's header and body cells; the outer columns line up with the card. */
function edgeClasses(index: number, column: Column): string {
  return cn(
    'px-3 py-3',
    index === 0 && 'pl-5',
    index === COLUMNS.length - 1 && 'pr-5',
    column.align === 'right' && 'text-right',
  );
}

function ActivationRows({ activations }: { activations: Activation[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[740px] text-left text-sm">
        <thead className="border-y border-slate-100 bg-slate-50/70 text-xs font-medium tracking-wide text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column.label} scope="col" className={edgeClasses(index, column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {activations.map((activation) => (
            <tr key={activation.id} data-testid="activation-row">
              {COLUMNS.map((column, index) => (
                <td
                  key={column.label}
                  className={cn(edgeClasses(index, column), column.className)}
                  data-testid={column.testId}
                >
                  {column.cell(activation)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({
  page,
  pageCount,
  onPageChange,
}: Pick<ActivationsTableProps, 'page' | 'onPageChange'> & { pageCount: number }) {
  return (
    <nav className="flex items-center gap-2" aria-label="Activations pages">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        data-testid="activations-previous"
      >
        <ChevronLeft /> Previous
      </Button>
      <span className="text-sm text-slate-500 tabular-nums" data-testid="activations-page">
        Page {page} of {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        data-testid="activations-next"
      >
        Next <ChevronRight />
      </Button>
    </nav>
  );
}

interface ActivationsTableProps {
  data: ActivationPage | undefined;
  page: number;
  isPending: boolean;
  /** Older rows on screen while the next page or filter loads. */
  isStale: boolean;
  error: Error | null;
  filtered: boolean;
  onRetry: () => void;
  onPageChange: (page: number) => void;
  onClearFilters: () => void;
}

/** One page of activations: a table on wide screens, cards below 768 px, with its own empty and error states. */
export function ActivationsTable({
  data,
  page,
  isPending,
  isStale,
  error,
  filtered,
  onRetry,
  onPageChange,
  onClearFilters,
}: ActivationsTableProps) {
  const isMobile = useIsMobile();

  if (error) {
    return <LoadError what="activations" error={error} onRetry={onRetry} className="mx-5 mb-5 py-3" />;
  }
  if (isPending || !data) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-7" label="Loading activations" />
      </div>
    );
  }
  if (data.total === 0)
    return filtered ? <NoMatches onClearFilters={onClearFilters} /> : <NoActivationsYet />;

  const pageCount = Math.max(1, Math.ceil(data.total / data.limit));
  // Pages reached by cursor start at offset 0 of the cursor: number the rows by the page shown.
  const start = (page - 1) * data.limit;
  const first = data.activations.length > 0 ? start + 1 : 0;
  const last = start + data.activations.length;
  return (
    <div className={cn('transition-opacity', isStale && 'opacity-60')} aria-busy={isStale}>
      {isMobile ? (
        <ActivationCards activations={data.activations} />
      ) : (
        <ActivationRows activations={data.activations} />
      )}
      <div className="flex flex-col items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 sm:flex-row">
        <p className="text-sm text-slate-500" data-testid="activations-count">
          Showing {formatCount(first)}–{formatCount(last)} of {data.totalExact ? '' : 'at least '}
          {formatCount(data.total)} activations
        </p>
        {pageCount > 1 ? <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} /> : null}
      </div>
    </div>
  );
}
