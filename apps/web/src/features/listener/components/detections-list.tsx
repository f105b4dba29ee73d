import { type DetectionQualityLevel, detectionQuality } from '@tonemark/shared';
import { CloudOff, Radio } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TriggerTypeBadge } from '@/components/trigger-type-badge';
import { formatRelativeTime } from '@/lib/format-date';
import type { DetectionRecord } from '../lib/detection-list';
import { decideAction } from '../lib/trigger-action';

/** The quality figure a listener can read: the SNR in words and dB when measured, else the score. */
export function qualityText(
  detection: Pick<DetectionRecord, 'snrDb' | 'score'>,
): { text: string; title: string; level?: DetectionQualityLevel } | null {
  if (detection.snrDb !== undefined) {
    const quality = detectionQuality(detection.snrDb);
    return { text: quality.text, title: quality.explanation, level: quality.level };
  }
  if (detection.score !== undefined) {
    return { text: `score ${Math.round(detection.score * 100)}%`, title: 'The detector’s confidence' };
  }
  return null;
}

const LEVEL_CLASSES: Record<DetectionQualityLevel, string> = {
  excellent: 'bg-emerald-50 text-emerald-700',
  good: 'bg-emerald-50 text-emerald-700',
  fair: 'bg-amber-50 text-amber-800',
  weak: 'bg-rose-50 text-rose-700',
};

function actionSummary(detection: DetectionRecord): string {
  if (detection.state === 'waiting') return 'Waiting for connection: the action runs when the server answers';
  if (detection.state === 'refused') return `Not counted: ${detection.note ?? 'refused by the server'}`;
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
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" data-testid="detections-list">
      {detections.map((detection) => {
        const quality = qualityText(detection);
        return (
          <li
            key={detection.key}
            className="min-w-0 rounded-lg border border-slate-200 bg-white px-3 py-2.5"
            data-testid="detection-row"
            data-trigger-id={detection.id}
            data-state={detection.state ?? 'done'}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="flex min-w-0 items-center gap-1.5 truncate text-sm font-medium text-slate-900">
                {detection.state === 'waiting' ? (
                  <CloudOff className="size-3.5 shrink-0 text-amber-600" aria-hidden />
                ) : null}
                <span className="truncate">{detection.name}</span>
              </p>
              {detection.state === 'waiting' ? null : <TriggerTypeBadge type={detection.type} />}
            </div>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500">
              <span
                className={
                  detection.state === 'refused'
                    ? 'min-w-0 truncate text-red-600'
                    : detection.state === 'waiting'
                      ? 'min-w-0 truncate text-amber-700'
                      : 'min-w-0 truncate'
                }
                title={detection.actionData}
              >
                {actionSummary(detection)}
              </span>
              <time dateTime={detection.time} className="shrink-0 tabular-nums">
                {formatRelativeTime(detection.time, now)}
              </time>
            </div>
            {quality ? (
              <p className="mt-1.5 text-xs">
                <span
                  className={`inline-block rounded px-1.5 py-0.5 tabular-nums ${quality.level ? LEVEL_CLASSES[quality.level] : 'bg-slate-100 text-slate-600'}`}
                  title={quality.title}
                  data-testid="detection-quality"
                  data-level={quality.level}
                >
                  {quality.text}
                </span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
