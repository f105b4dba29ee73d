import { CONDITIONS } from './channel-conditions.ts';
import type { ConditionResult } from './condition-result.ts';
import { markdownTable } from './markdown-table.ts';
import { SPEED_TOLERANCE, TEMPO_TOLERANCE } from './reported-timing.ts';

const share = (n: number, of: number) =>
  of === 0 ? '-' : `${n} of ${of} (${((n / of) * 100).toFixed(0)} %)`;
const percent = (v: number | null) => (v === null ? '-' : `${v} %`);

/**
 * The report's table of what the detections carried: for each condition, whether the speed and
 * tempo of each detected trigger's first detection are the ones it was played at. Rows without
 * the figure (a run from before it was measured) are left out; undefined when none has it.
 */
export function reportedTimingTable(results: readonly ConditionResult[]): string | undefined {
  const rows = results.flatMap((r) => {
    const t = r.reportedTiming;
    if (!t) return [];
    const played = CONDITIONS.find((c) => c.id === r.condition)?.played ?? { speed: 1, tempo: 1 };
    return [
      [
        `\`${r.condition}\``,
        `${played.speed} / ${played.tempo}`,
        `${t.measured}${t.unmeasured > 0 ? ` (+${t.unmeasured} without)` : ''}`,
        share(t.speedRight, t.measured),
        share(t.tempoRight, t.measured),
        percent(t.medianTempoErrorPct),
        percent(t.maxTempoErrorPct),
      ],
    ];
  });
  if (rows.length === 0) return undefined;
  return markdownTable(
    [
      'condition',
      'played speed / tempo',
      'detections with both',
      `speed within ${SPEED_TOLERANCE * 100} %`,
      `tempo within ${TEMPO_TOLERANCE * 100} %`,
      'median tempo error',
      'largest tempo error',
    ],
    rows,
  );
}
