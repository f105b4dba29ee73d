import type { ListenerTrigger } from '@tonemark/shared';

export const REWARD_DEFAULT_TITLE = 'Reward Unlocked';
export const REWARD_DEFAULT_DESCRIPTION = 'You have unlocked a reward!';

/** What running a trigger's action means on this page: open a tab, or show a notice. */
export type ActionOutcome =
  | { kind: 'open-url'; url: string }
  | { kind: 'notice'; title: string; description: string };

/** Only http(s) URLs may be opened: a `javascript:` or `data:` URL in actionData would run in our origin. */
export function safeHttpUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** SPEC §4: DISPLAY_REWARD actionData is JSON {title, description}; invalid JSON shows the raw data. */
export function parseReward(actionData: string): { title: string; description: string } {
  try {
    const parsed: unknown = JSON.parse(actionData);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { title: REWARD_DEFAULT_TITLE, description: actionData };
    }
    const title = 'title' in parsed && typeof parsed.title === 'string' && parsed.title ? parsed.title : null;
    const description =
      'description' in parsed && typeof parsed.description === 'string' && parsed.description
        ? parsed.description
        : null;
    return { title: title ?? REWARD_DEFAULT_TITLE, description: description ?? REWARD_DEFAULT_DESCRIPTION };
  } catch {
    return { title: REWARD_DEFAULT_TITLE, description: actionData };
  }
}

/** SPEC §4 actions, decided without side effects so they can be tested. */
export function decideAction(trigger: Pick<ListenerTrigger, 'action' | 'actionData'>): ActionOutcome {
  const { action, actionData } = trigger;
  switch (action) {
    case 'OPEN_URL': {
      const url = safeHttpUrl(actionData);
      return url
        ? { kind: 'open-url', url }
        : { kind: 'notice', title: 'Action Detected', description: `Blocked unsafe URL: ${actionData}` };
    }
    case 'LAUNCH_APP':
      return { kind: 'notice', title: 'Action Detected', description: `Would launch app: ${actionData}` };
    case 'DISPLAY_REWARD': {
      const reward = parseReward(actionData);
      return { kind: 'notice', title: reward.title, description: reward.description };
    }
    default:
      return { kind: 'notice', title: 'Action Detected', description: `Action: ${actionData}` };
  }
}
