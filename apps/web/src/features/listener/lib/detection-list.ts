import type { ListenerTrigger } from '@tonemark/shared';

/** SPEC §3.3 detection record; `key` only tells React rows apart when a trigger repeats. */
export interface DetectionRecord {
  key: string;
  id: number;
  name: string;
  time: string;
  type: ListenerTrigger['type'];
  action: ListenerTrigger['action'];
  actionData: string;
  /** waiting: heard, its action comes when the server answers; refused: the server said no. */
  state?: 'waiting' | 'refused';
  /** Why it was refused, shown in place of the action. */
  note?: string;
  /** The engine's quality figures for this detection, when it gave them. */
  snrDb?: number;
  score?: number;
}

type DetectedTrigger = Pick<ListenerTrigger, 'id' | 'name' | 'type' | 'action' | 'actionData'>;

let sequence = 0;

export function toDetectionRecord(
  trigger: DetectedTrigger,
  at: Date = new Date(),
  extra: Pick<DetectionRecord, 'state' | 'note' | 'snrDb' | 'score'> & { key?: string } = {},
): DetectionRecord {
  sequence += 1;
  const { key, ...rest } = extra;
  return {
    ...rest,
    key: key ?? `${trigger.id}-${at.getTime()}-${sequence}`,
    id: trigger.id,
    name: trigger.name,
    time: at.toISOString(),
    type: trigger.type,
    action: trigger.action,
    actionData: trigger.actionData,
  };
}
