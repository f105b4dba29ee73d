import { BRAND } from '@tonemark/shared';
import { AudioWaveform } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The product mark; its own file so public pages do not pull in the admin shell. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold text-slate-900', className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-sm">
        <AudioWaveform className="size-[18px]" />
      </span>
      {BRAND}
    </span>
  );
}
