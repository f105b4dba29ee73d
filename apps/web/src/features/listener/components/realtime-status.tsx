import { cn } from '@/lib/cn';
import { useRealtimeStatus } from '@/lib/realtime/realtime-provider';

const LABELS = {
  idle: 'Connecting',
  connecting: 'Connecting',
  open: 'Connected',
  waiting: 'Reconnecting',
  closed: 'Offline',
} as const;

/** Simulations only arrive while the live channel is open, so the screens that rely on it show its state. */
export function RealtimeStatus() {
  const status = useRealtimeStatus();
  return (
    <span
      className="inline-flex items-center gap-1.5 text-xs text-slate-500"
      data-testid="realtime-status"
      data-status={status}
    >
      <span
        className={cn(
          'size-1.5 rounded-full',
          status === 'open' ? 'bg-emerald-500' : status === 'closed' ? 'bg-red-500' : 'bg-amber-400',
        )}
      />
      Live channel: {LABELS[status]}
    </span>
  );
}
