import type { AbTestStatus } from '@tonemark/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<AbTestStatus, BadgeTone> = {
  draft: 'slate',
  running: 'emerald',
  paused: 'amber',
  ended: 'indigo',
};
const LABELS: Record<AbTestStatus, string> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  ended: 'Ended',
};

export function AbTestStatusBadge({ status }: { status: AbTestStatus }) {
  return (
    <Badge tone={TONES[status]} data-testid="ab-test-status">
      {LABELS[status]}
    </Badge>
  );
}
