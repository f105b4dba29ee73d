import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CsvFilters } from '../api/export-activations';
import { progressLabel, useCsvExport } from '../hooks/use-csv-export';

/**
 * Export CSV with its progress: the rows streamed so far against the count the server announced,
 * on the button and in a bar under it, so a million-row export visibly moves.
 */
export function ExportCsvButton({
  filters,
  disabled,
  title,
  label = 'Export CSV',
  testId,
}: {
  filters: CsvFilters | undefined;
  disabled?: boolean;
  title: string;
  label?: string;
  testId?: string;
}) {
  const { progress, start } = useCsvExport();
  const percent = progress?.total ? Math.min(100, (progress.rows / progress.total) * 100) : undefined;
  return (
    <div className="relative inline-flex flex-col">
      <Button
        variant="outline"
        disabled={disabled || !filters || progress !== null}
        title={progress ? progressLabel(progress) : title}
        onClick={() => filters && void start(filters)}
        data-testid={testId}
      >
        {progress ? <Spinner className="size-4" label="Exporting" /> : <Download />}
        {progress ? (percent === undefined ? 'Exporting…' : `${Math.floor(percent)} %`) : label}
      </Button>
      {progress ? (
        <div
          className="absolute inset-x-1 -bottom-1.5 h-1 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={progressLabel(progress)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent === undefined ? undefined : Math.floor(percent)}
          data-testid="export-progress"
        >
          <div className="h-full bg-indigo-500 transition-[width]" style={{ width: `${percent ?? 100}%` }} />
        </div>
      ) : null}
    </div>
  );
}
