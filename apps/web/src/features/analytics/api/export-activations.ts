import { type ActivationFilters, type ActivityResponse, TOTAL_COUNT_HEADER } from '@tonemark/shared';
import { activationSearchParams } from '../lib/activation-filters';

export type CsvFilters = Omit<ActivationFilters, 'format' | 'limit' | 'offset' | 'cursor'>;

/**
 * GET /api/activations?format=csv: every row the filters keep (the server streams them all), the
 * same rows the Analytics table pages through.
 */
export function activationsCsvUrl(filters: CsvFilters): string {
  return `/api/activations?${activationSearchParams({ format: 'csv', ...filters })}`;
}

/** The dashboard's Export: exactly the days and devices the activity chart shows. */
export function activityCsvFilters(activity: Pick<ActivityResponse, 'days' | 'device'>): CsvFilters {
  return {
    device: activity.device,
    startDate: activity.days[0]?.date,
    endDate: activity.days[activity.days.length - 1]?.date,
  };
}

export interface ExportProgress {
  rows: number;
  /** From x-total-count; absent when the server could not count cheaply. */
  total?: number;
}

/** Line breaks in a chunk of CSV: rows received so far (quoted cells never hold a bare \n here). */
export function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) n++;
  return n;
}

/**
 * Streams the CSV, reporting rows as they arrive, then hands it to the browser as a download.
 * The server's header line is not counted as a row.
 */
export async function exportActivationsCsv(
  filters: CsvFilters,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await fetch(activationsCsvUrl(filters), { credentials: 'include', signal });
  if (!response.ok || !response.body) {
    throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  }
  const totalHeader = response.headers.get(TOTAL_COUNT_HEADER);
  const total = totalHeader === null ? undefined : Number(totalHeader);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'tonemark-activations.csv';
  const parts: Uint8Array[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  onProgress({ rows: 0, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    lines += countNewlines(value);
    onProgress({ rows: Math.max(0, lines - 1), total });
  }
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
