import { Smartphone } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatPercent } from '@/lib/format-number';
import { type CompatibilityBand, compatibilityBand } from '../lib/compatibility-band';

const BAND_STYLE: Record<CompatibilityBand, { tone: BadgeTone; bar: string }> = {
  High: { tone: 'emerald', bar: 'bg-emerald-500' },
  Medium: { tone: 'amber', bar: 'bg-amber-500' },
  Low: { tone: 'rose', bar: 'bg-rose-500' },
};

/** SPEC §9 bands: 95% and above High, 85 up to 95 Medium, below 85 Low. */
export function DeviceCompatibility({ devices }: { devices: Record<string, number> }) {
  const entries = Object.entries(devices).sort(([, a], [, b]) => b - a);
  return (
    <TitledCard title="Device Compatibility" testId="device-compatibility">
      {entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <Smartphone className="size-6 text-slate-300" />
          <p className="text-sm text-slate-500">No device data yet.</p>
          <p className="text-xs text-slate-400">Devices appear here once listeners detect your triggers.</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {entries.map(([device, percent]) => {
            const band = compatibilityBand(percent);
            const style = BAND_STYLE[band];
            return (
              <li key={device} className="grid gap-1.5">
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate font-medium text-slate-700">{device}</span>
                  <span className="flex items-center gap-2">
                    <span className="text-slate-500 tabular-nums">{formatPercent(percent)}</span>
                    <Badge tone={style.tone}>{band}</Badge>
                  </span>
                </div>
                <div className="h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <div
                    className={cn('h-full rounded-full', style.bar)}
                    style={{ width: `${Math.min(100, percent)}%` }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </TitledCard>
  );
}
