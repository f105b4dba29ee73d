import { TRIGGER_TYPES } from '@tonemark/shared';
import { TitledCard } from '@/components/titled-card';
import { TRIGGER_TYPE_META } from '@/components/trigger-type-badge';
import { formatCount } from '@/lib/format-number';

const TONE_CLASSES = {
  URL: 'bg-sky-50 text-sky-600',
  APP: 'bg-violet-50 text-violet-600',
  REWARD: 'bg-amber-50 text-amber-600',
  CUSTOM: 'bg-slate-100 text-slate-600',
} as const;

export function TriggerTypesGrid({ counts }: { counts: Record<string, number> }) {
  return (
    <TitledCard title="Trigger Types" testId="trigger-types" contentClassName="grid grid-cols-2 gap-3">
      {TRIGGER_TYPES.map((type) => {
        const meta = TRIGGER_TYPE_META[type];
        const Icon = meta.icon;
        return (
          <div
            key={type}
            className="flex items-center gap-3 rounded-lg border border-slate-100 p-3"
            data-testid={`type-count-${type}`}
          >
            <span className={`flex size-9 items-center justify-center rounded-lg ${TONE_CLASSES[type]}`}>
              <Icon className="size-[18px]" />
            </span>
            <div>
              <p className="text-lg leading-tight font-semibold text-slate-900 tabular-nums">
                {formatCount(counts[type] ?? 0)}
              </p>
              <p className="text-xs text-slate-500">{type}</p>
            </div>
          </div>
        );
      })}
    </TitledCard>
  );
}
