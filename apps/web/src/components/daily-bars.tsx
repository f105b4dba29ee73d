import { cn } from '@/lib/cn';

export interface DailyBar {
  /** YYYY-MM-DD, shown in the bar's tooltip. */
  date: string;
  /** The axis label under the bar. */
  label: string;
  count: number;
}

/** A round axis maximum (1, 2, 5 × 10ⁿ) at or above the largest count. */
export function niceMax(value: number): number {
  if (value <= 4) return Math.max(1, value);
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * Activations per day as bars: plain HTML and CSS, so the screens that chart a few dozen days
 * do not download a charting library. Each bar names its day and count on hover and to screen
 * readers; at most about eight day labels are printed under the axis.
 */
export function DailyBars({ bars, className }: { bars: DailyBar[]; className?: string }) {
  const max = niceMax(Math.max(0, ...bars.map((b) => b.count)));
  const every = Math.max(1, Math.ceil(bars.length / 8));
  const ticks = [max, max / 2, 0];
  return (
    <div className={cn('flex h-56 gap-2 text-xs text-slate-500', className)}>
      <div className="flex flex-col justify-between pb-6 text-right tabular-nums" aria-hidden>
        {ticks.map((tick) => (
          <span key={tick} className="-translate-y-1/2 first:translate-y-0 last:translate-y-1/2">
            {Number.isInteger(tick) ? tick.toLocaleString() : ''}
          </span>
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="relative flex-1">
          {ticks.map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-slate-200"
              style={{ top: `${(1 - tick / max) * 100}%` }}
              aria-hidden
            />
          ))}
          <ul className="absolute inset-0 flex items-end gap-[2px] sm:gap-1" aria-label="Activations per day">
            {bars.map((bar) => (
              <li
                key={bar.date}
                className="group relative flex h-full flex-1 items-end justify-center rounded-t-md hover:bg-indigo-50"
                aria-label={`${bar.date}: ${bar.count.toLocaleString()} activations`}
                title={`${bar.date}: ${bar.count.toLocaleString()} activations`}
              >
                <div
                  className="w-full max-w-10 rounded-t-md bg-indigo-500 transition-[height] duration-500"
                  style={{ height: `${(bar.count / max) * 100}%` }}
                  data-testid="daily-bar"
                />
                <span className="pointer-events-none absolute -top-7 z-10 hidden rounded bg-slate-900 px-1.5 py-0.5 whitespace-nowrap text-white group-hover:block">
                  {bar.count.toLocaleString()}
                </span>
              </li>
            ))}
          </ul>
        </div>
        {/* Labels are wider than a phone's bars: min-w-0 keeps the row the chart's width, and the
            row clips the half label that would spill past the chart's edge and widen the page. */}
        <div className="flex h-6 items-end gap-[2px] overflow-hidden sm:gap-1" aria-hidden>
          {bars.map((bar, index) => (
            <span
              key={bar.date}
              className={cn(
                'min-w-0 flex-1 overflow-visible text-center whitespace-nowrap',
                // A phone has room for half the labels: every other printed one is hidden there.
                (index / every) % 2 === 1 && 'max-sm:invisible',
              )}
            >
              {index % every === 0 ? bar.label : ''}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
