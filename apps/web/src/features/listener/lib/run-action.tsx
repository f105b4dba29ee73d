import type { ListenerTrigger } from '@tonemark/shared';
import { addReward } from '@/features/rewards';
import { toast } from '@/hooks/use-toast';
import { decideAction } from './trigger-action';

/**
 * Runs a detected trigger's action (SPEC §4) and raises the detection notice. Only one notice is
 * visible at a time (SPEC §9), so the action's own text rides in the 'Trigger Detected' notice.
 */
export function runTriggerAction(trigger: Pick<ListenerTrigger, 'name' | 'action' | 'actionData'>): void {
  const outcome = decideAction(trigger);
  if (outcome.kind === 'open-url') {
    // noopener: the opened page gets no handle on this one. A popup blocker may refuse a tab that
    // no click opened, so the notice carries the link too.
    window.open(outcome.url, '_blank', 'noopener,noreferrer');
    toast({
      title: 'Trigger Detected',
      description: (
        <>
          {trigger.name}: opening{' '}
          <a href={outcome.url} target="_blank" rel="noopener noreferrer" className="underline">
            {outcome.url}
          </a>
        </>
      ),
    });
    return;
  }
  if (trigger.action === 'DISPLAY_REWARD') {
    addReward({ title: outcome.title, description: outcome.description, triggerName: trigger.name });
  }
  toast({
    title: 'Trigger Detected',
    description: (
      <>
        <span className="block font-medium">
          {trigger.name}: {outcome.title}
        </span>
        {outcome.description}
      </>
    ),
  });
}
