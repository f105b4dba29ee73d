import type { StorageQuota } from '@tonemark/shared';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/cn';
import { formatBytes } from '@/lib/format-number';

/** 'Storage: 1.2 GB of 5 GB' with a bar; amber from 80 %, red when full. */
export function StorageMeter({ storage, className }: { storage: StorageQuota; className?: string }) {
  const { usedBytes, limitBytes } = storage;
  const percent = limitBytes ? Math.min(100, (usedBytes / limitBytes) * 100) : 0;
  return (
    <div className={cn('grid gap-1.5', className)} data-testid="storage-meter">
      <div className="flex justify-between gap-4 text-sm">
        <span className="text-slate-500">Storage</span>
        <span
          className={cn('font-medium tabular-nums', percent >= 100 ? 'text-red-700' : 'text-slate-900')}
          data-testid="storage-usage"
        >
          {limitBytes === null
            ? `${formatBytes(usedBytes)} (unlimited as admin)`
            : `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)}`}
        </span>
      </div>
      {limitBytes !== null ? (
        <Progress
          value={percent}
          label="Storage used"
          className={cn(percent >= 100 ? '[&>div]:bg-red-500' : percent >= 80 ? '[&>div]:bg-amber-500' : '')}
        />
      ) : null}
    </div>
  );
}
