import { useSyncExternalStore } from 'react';

export interface RewardCard {
  id: string;
  title: string;
  description: string;
  triggerName: string;
  /** ISO time of the detection. */
  at: string;
}

const STORAGE_KEY = 'tonemark.rewards';
/** Enough to keep a day of rewards; the oldest go first. */
const MAX_REWARDS = 20;

function read(): RewardCard[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RewardCard[]).filter((r) => typeof r?.id === 'string') : [];
  } catch {
    return [];
  }
}

let rewards: RewardCard[] = typeof window === 'undefined' ? [] : read();
const listeners = new Set<() => void>();

function write(next: RewardCard[]) {
  rewards = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the cards still show until the page closes.
  }
  for (const listener of listeners) listener();
}

/**
 * Keeps a detected reward until the person dismisses it (issue 14: a 5 s toast was too easy to
 * miss). Kept in localStorage so a reload or a return to the listener still shows it.
 */
export function addReward(reward: Omit<RewardCard, 'id' | 'at'>): void {
  const card: RewardCard = { ...reward, id: crypto.randomUUID(), at: new Date().toISOString() };
  write([card, ...rewards].slice(0, MAX_REWARDS));
}

export function dismissReward(id: string): void {
  write(rewards.filter((r) => r.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRewards(): RewardCard[] {
  return useSyncExternalStore(
    subscribe,
    () => rewards,
    () => rewards,
  );
}
