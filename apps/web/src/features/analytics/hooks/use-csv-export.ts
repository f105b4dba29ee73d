import { useCallback, useRef, useState } from 'react';
import { toast } from '@/hooks/use-toast';
import { type CsvFilters, type ExportProgress, exportActivationsCsv } from '../api/export-activations';

/** A CSV export in flight: its progress for the button, and a way to start one. */
export function useCsvExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);
  const start = useCallback(async (filters: CsvFilters) => {
    if (running.current) return;
    running.current = true;
    try {
      await exportActivationsCsv(filters, setProgress);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Export failed',
        description: error instanceof Error ? error.message : String(error),
      });
    } finally {
      running.current = false;
      setProgress(null);
    }
  }, []);
  return { progress, start };
}

/** 'Exporting 12,000 of 48,210 rows (25 %)' for the button's title and label. */
export function progressLabel(progress: ExportProgress): string {
  const rows = progress.rows.toLocaleString();
  if (!progress.total) return `Exporting ${rows} rows…`;
  const percent = Math.min(100, Math.floor((progress.rows / progress.total) * 100));
  return `Exporting ${rows} of ${progress.total.toLocaleString()} rows (${percent} %)`;
}
