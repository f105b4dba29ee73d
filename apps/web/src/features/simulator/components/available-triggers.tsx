import type { Trigger } from '@tonemark/shared';
import { AudioWaveform, Volume2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ItemRow } from '@/components/item-row';
import { TriggerStatusBadge, TriggerTypeBadge } from '@/components/trigger-type-badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { TRIGGER_SIGNAL_INFO } from '@/lib/trigger-signal-info';
import { playTriggerSound } from '../lib/play-trigger-sound';

const TEST_SOUND_DISABLED_MS = 3000;

/** SPEC §9: the test sound button is disabled for 3 seconds after use. */
function TestSoundButton({ trigger }: { trigger: Trigger }) {
  const [cooling, setCooling] = useState(false);
  useEffect(() => {
    if (!cooling) return;
    const timer = setTimeout(() => setCooling(false), TEST_SOUND_DISABLED_MS);
    return () => clearTimeout(timer);
  }, [cooling]);

  async function play() {
    setCooling(true);
    if (await playTriggerSound(trigger)) {
      toast({
        title: 'Playing Test Sound',
        description: `${trigger.name}: ${trigger.frequencyPattern.join(', ')} Hz`,
      });
    }
  }

  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => void play()}
      disabled={cooling}
      data-testid="test-sound"
    >
      <Volume2 /> {cooling ? 'Playing...' : 'Test'}
    </Button>
  );
}

export function AvailableTriggers({ triggers }: { triggers: Trigger[] }) {
  if (triggers.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-8 text-center" data-testid="simulator-empty">
        <span className="flex size-11 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <AudioWaveform className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">No triggers yet. Create one to test it here.</p>
        <Link to="/admin/create-trigger" className={buttonVariants({ size: 'sm' })}>
          Create Trigger
        </Link>
      </div>
    );
  }
  return (
    <ul className="grid gap-2" data-testid="available-triggers">
      {triggers.map((trigger) => (
        <ItemRow
          key={trigger.id}
          className="items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5"
          testId="available-trigger"
          name={trigger.name}
          details={
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              <TriggerTypeBadge type={trigger.type} />
              <TriggerStatusBadge status={trigger.status} compact />
              <span className="text-xs text-slate-400 tabular-nums">
                {trigger.frequencyPattern.join(' · ')} Hz
              </span>
              {trigger.signal === 'audible' ? null : (
                <span className="text-xs text-slate-500" data-testid="available-trigger-signal">
                  {TRIGGER_SIGNAL_INFO[trigger.signal].label} · {TRIGGER_SIGNAL_INFO[trigger.signal].band}
                </span>
              )}
            </div>
          }
          action={<TestSoundButton trigger={trigger} />}
        />
      ))}
    </ul>
  );
}
