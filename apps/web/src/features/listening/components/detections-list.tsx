import { Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TriggerTypeBadge } from '@/features/triggers/components/trigger-type-badge';
import { formatRelativeTime } from '@/lib/format-date';
import type { DetectionRecord } from '../lib/detection-list';
import { decideAction } from '../lib/trigger-action';

function actionSummary(detection: DetectionRecord): string {
  const outcome = decideAction(detection);
  return outcome.kind === 'open-url' ? `Opened ${outcome.url}` : `${outcome.title}: ${outcome.description}`;
}

/** Relative times ('Just now', 'n minutes ago') need a clock tick to stay true. */
function useNow(intervalMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function DetectionsList({
  detections,
  emptyText,
}: {
  detections: DetectionRecord[];
  emptyText: string;
}) {
  const now = useNow();
  if (detections.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center">
        <Radio className="size-6 text-slate-300" aria-hidden />
        <p className="text-sm text-slate-500">{emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="detections-list">
      {detections.map((detection) => (
        <li
          key={detection.key}
          className="rounded-lg border border-slate-200 bg-white px-3 py-2.5"
          data-testid="detection-row"
          data-trigger-id={detection.id}
        >
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 truncate text-sm font-medium text-slate-900">{detection.name}</p>
            <TriggerTypeBadge type={detection.type} />
          </div>
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500">
            <span className="min-w-0 truncate" title={detection.actionData}>
              {actionSummary(detection)}
            </span>
            <time dateTime={detection.time} className="shrink-0 tabular-nums">
              {formatRelativeTime(detection.time, now)}
            </time>
          </div>
        </li>
      ))}
    </ul>
  );
}
