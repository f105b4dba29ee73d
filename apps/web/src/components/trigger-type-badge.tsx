import type { TriggerStatus, TriggerType } from '@tonemark/shared';
import { AppWindow, Gift, Globe, type LucideIcon, Puzzle } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui/badge';

export const TRIGGER_TYPE_META: Record<
  TriggerType,
  { label: string; icon: LucideIcon; tone: BadgeTone; hint: string }
> = {
  URL: { label: 'URL', icon: Globe, tone: 'sky', hint: 'Open a link' },
  APP: { label: 'APP', icon: AppWindow, tone: 'violet', hint: 'Launch an app' },
  REWARD: { label: 'REWARD', icon: Gift, tone: 'amber', hint: 'Show a reward' },
  CUSTOM: { label: 'CUSTOM', icon: Puzzle, tone: 'slate', hint: 'Custom action' },
};

export function TriggerTypeBadge({ type }: { type: TriggerType }) {
  const meta = TRIGGER_TYPE_META[type];
  const Icon = meta.icon;
  return (
    <Badge tone={meta.tone}>
      <Icon className="size-3" aria-hidden />
      {meta.label}
    </Badge>
  );
}

const STATUS_META: Record<TriggerStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'emerald' },
  inactive: { label: 'Inactive', tone: 'slate' },
  scheduled: { label: 'Scheduled', tone: 'amber' },
};

/** SPEC §4: a scheduled trigger reads 'Trigger is scheduled for future activation'. */
export function TriggerStatusBadge({
  status,
  compact = false,
}: {
  status: TriggerStatus;
  compact?: boolean;
}) {
  const meta = STATUS_META[status];
  if (status === 'scheduled' && compact) {
    return (
      <Badge tone={meta.tone} title="Trigger is scheduled for future activation">
        {meta.label}
      </Badge>
    );
  }
  if (status === 'scheduled') {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <Badge tone={meta.tone}>{meta.label}</Badge>
        <span className="text-xs text-amber-700">Trigger is scheduled for future activation</span>
      </span>
    );
  }
  return (
    <Badge tone={meta.tone}>
      <span
        className={
          status === 'active' ? 'size-1.5 rounded-full bg-emerald-500' : 'size-1.5 rounded-full bg-slate-400'
        }
      />
      {meta.label}
    </Badge>
  );
}
