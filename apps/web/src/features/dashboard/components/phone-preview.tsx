import { BRAND, type SimulateTriggerMessage } from '@tonemark/shared';
import { History, House, Mic, Pause, Play, Settings } from 'lucide-react';
import { useState } from 'react';
import { TitledCard } from '@/components/titled-card';
import { TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { prependCapped } from '@/lib/prepend-capped';
import { useRealtimeMessages } from '@/lib/realtime/realtime-provider';

/** SPEC §9: the phone preview keeps the latest 3 simulated triggers. */
const PHONE_PREVIEW_RECENT_MAX = 3;

interface RecentSimulation {
  key: string;
  trigger: SimulateTriggerMessage['trigger'];
  at: Date;
}

/** SPEC §7: every SIMULATE_TRIGGER adds to the preview's recent list, newest first, 3 kept. */
function useRecentSimulations(): RecentSimulation[] {
  const [recent, setRecent] = useState<RecentSimulation[]>([]);
  useRealtimeMessages((message) => {
    if (message.type !== 'SIMULATE_TRIGGER') return;
    const at = new Date();
    const item = {
      key: `${message.trigger.id}-${at.getTime()}-${Math.random()}`,
      trigger: message.trigger,
      at,
    };
    setRecent((list) => prependCapped(list, item, PHONE_PREVIEW_RECENT_MAX));
  });
  return recent;
}

const WAVE_BARS = [0, 1, 2, 3, 4, 5, 6];

/** SPEC §4: listening starts Active and is local only; simulated triggers arrive over the live channel. */
export function PhonePreview() {
  const [listening, setListening] = useState(true);
  const recent = useRecentSimulations();
  return (
    <TitledCard title="Mobile App" testId="phone-preview" contentClassName="flex justify-center">
      <div className="w-full max-w-[260px] rounded-[2rem] border-[6px] border-slate-900 bg-slate-900 shadow-xl">
        <div className="overflow-hidden rounded-[1.55rem] bg-gradient-to-b from-indigo-600 to-violet-700 text-white">
          <div className="flex items-center justify-between px-5 pt-3 text-[10px] font-medium text-white/80">
            <span>9:41</span>
            <span className="h-4 w-16 rounded-full bg-slate-900" />
            <span>100%</span>
          </div>
          <div className="px-5 pt-4 pb-5 text-center">
            <p className="text-sm font-semibold">{BRAND}</p>
            <div
              className={cn(
                'mx-auto mt-4 flex size-20 items-center justify-center rounded-full ring-8 transition',
                listening ? 'bg-white/20 ring-white/10' : 'bg-white/10 ring-transparent',
              )}
            >
              <Mic className={cn('size-8', listening ? 'text-white' : 'text-white/50')} />
            </div>
            <div className="mt-3 flex h-8 items-center justify-center gap-1" aria-hidden>
              {WAVE_BARS.map((bar) => (
                <span
                  key={bar}
                  className={cn(
                    'w-1 rounded-full bg-white/80',
                    listening ? 'animate-[sound-wave_1.2s_ease-in-out_infinite]' : '',
                  )}
                  style={{ height: `${10 + ((bar * 7) % 20)}px`, animationDelay: `${bar * 0.1}s` }}
                />
              ))}
            </div>
            <p className="mt-2 text-xs text-white/90" data-testid="listening-status">
              {listening ? `Listening for ${BRAND} triggers...` : 'Listening is paused'}
            </p>
            <button
              type="button"
              onClick={() => setListening((value) => !value)}
              className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-1.5 text-xs font-semibold text-indigo-700 shadow hover:bg-indigo-50"
            >
              {listening ? <Pause className="size-3.5" /> : <Play className="size-3.5" />}
              {listening ? 'Pause Listening' : 'Start Listening'}
            </button>
          </div>
          <div className="mx-3 mb-3 rounded-xl bg-white p-3 text-left text-slate-700">
            <p className="text-[11px] font-semibold tracking-wide text-slate-400 uppercase">Recent</p>
            {recent.length === 0 ? (
              <p className="py-3 text-center text-xs text-slate-500">No recent triggers detected</p>
            ) : (
              <ul className="mt-1 grid gap-1.5" data-testid="phone-recent">
                {recent.map(({ key, trigger, at }) => (
                  <li
                    key={key}
                    className="flex items-center justify-between gap-2 text-xs"
                    data-testid="phone-recent-item"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-800">{trigger.name}</span>
                      <span className="text-[10px] text-slate-400 tabular-nums">
                        {at.toLocaleTimeString([], {
                          hour: '2-digit',
                          minute: '2-digit',
                          second: '2-digit',
                        })}
                      </span>
                    </span>
                    <TriggerTypeBadge type={trigger.type} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex justify-around border-t border-white/10 bg-slate-900/20 py-2">
            {[
              { label: 'Home', icon: House },
              { label: 'History', icon: History },
              { label: 'Settings', icon: Settings },
            ].map(({ label, icon: Icon }) => (
              <Button
                key={label}
                variant="ghost"
                size="sm"
                className="h-auto flex-col gap-0.5 px-2 py-1 text-[10px] text-white/80 hover:bg-white/10 hover:text-white"
              >
                <Icon />
                {label}
              </Button>
            ))}
          </div>
        </div>
      </div>
    </TitledCard>
  );
}
