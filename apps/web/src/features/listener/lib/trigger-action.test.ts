import { describe, expect, it } from 'vitest';
import { prependCapped } from '@/lib/prepend-capped';
import { toDetectionRecord } from './detection-list';
import { decideAction, parseReward, safeHttpUrl } from './trigger-action';

describe('decideAction', () => {
  it('opens only http and https URLs', () => {
    expect(decideAction({ action: 'OPEN_URL', actionData: 'https://example.com/a?b=1' })).toEqual({
      kind: 'open-url',
      url: 'https://example.com/a?b=1',
    });
    expect(decideAction({ action: 'OPEN_URL', actionData: ' http://example.com ' })).toMatchObject({
      kind: 'open-url',
    });
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'example.com',
      '',
    ]) {
      expect(decideAction({ action: 'OPEN_URL', actionData: bad }).kind).toBe('notice');
    }
    expect(safeHttpUrl('ftp://example.com')).toBeNull();
  });

  it('describes app launches and other actions', () => {
    expect(decideAction({ action: 'LAUNCH_APP', actionData: 'spotify://' })).toEqual({
      kind: 'notice',
      title: 'Action Detected',
      description: 'Would launch app: spotify://',
    });
    expect(decideAction({ action: 'CUSTOM_ACTION', actionData: 'confetti' })).toMatchObject({
      description: 'Action: confetti',
    });
  });

  it('shows a reward from JSON, with defaults and a raw fallback', () => {
    expect(parseReward('{"title":"10% off","description":"Use code TONE"}')).toEqual({
      title: '10% off',
      description: 'Use code TONE',
    });
    expect(parseReward('{}')).toEqual({
      title: 'Reward Unlocked',
      description: 'You have unlocked a reward!',
    });
    expect(parseReward('{"title":"Free song"}')).toEqual({
      title: 'Free song',
      description: 'You have unlocked a reward!',
    });
    expect(parseReward('not json {')).toEqual({ title: 'Reward Unlocked', description: 'not json {' });
    expect(decideAction({ action: 'DISPLAY_REWARD', actionData: '[1]' })).toMatchObject({
      description: '[1]',
    });
  });
});

describe('detection list', () => {
  it('keeps the newest first and at most 10', () => {
    const trigger = { id: 1, name: 'A', type: 'URL', action: 'OPEN_URL', actionData: 'https://x.y' } as const;
    let list = [toDetectionRecord(trigger)];
    for (let i = 0; i < 12; i++) list = prependCapped(list, toDetectionRecord({ ...trigger, id: i + 2 }));
    expect(list).toHaveLength(10);
    expect(list[0]?.id).toBe(13);
    expect(new Set(list.map((d) => d.key)).size).toBe(10);
    expect(prependCapped([1, 2, 3], 0, 3)).toEqual([0, 1, 2]);
  });
});
