import type { ListenerAction, TriggerAction, TriggerSignal, TriggerType } from '@tonemark/shared';

/**
 * What the server knows of an active trigger to resolve a detection; never sent as a whole. It lives
 * with the triggers: the listener's catalogue loads these and the pattern rules weigh them.
 */
export interface ResolvableTrigger {
  id: number;
  listenerId: string;
  name: string;
  type: TriggerType;
  action: TriggerAction;
  actionData: string;
  frequencyPattern: number[];
  durationMs: number;
  signal: TriggerSignal;
  isPublic: boolean;
  creatorId: number | null;
  expiresAt: Date | null;
}

/**
 * What a listener is told a trigger does: shipped in the catalogue for public triggers (so it runs
 * offline) and answered to a detection otherwise. One projection, so the two paths cannot disagree.
 */
export function listenerActionOf(trigger: ResolvableTrigger): ListenerAction {
  return { name: trigger.name, type: trigger.type, action: trigger.action, actionData: trigger.actionData };
}
