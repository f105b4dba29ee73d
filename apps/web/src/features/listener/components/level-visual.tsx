import { cn } from '@/lib/cn';

/** The listener's 24-bar visual (SPEC §9), each bar the live level of one frequency band. */
export function LevelVisual({ levels, active }: { levels: number[]; active: boolean }) {
  return (
    <div className="flex h-24 items-end justify-center gap-1" aria-hidden data-testid="level-visual">
      {levels.map((level, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: bars are fixed positions, never reordered
          key={index}
          className={cn(
            'w-2 rounded-full transition-[height] duration-75 sm:w-2.5',
            active ? 'bg-gradient-to-t from-indigo-500 to-violet-400' : 'bg-slate-200',
          )}
          style={{ height: `${Math.max(6, Math.round(level * 96))}px` }}
        />
      ))}
    </div>
  );
}
