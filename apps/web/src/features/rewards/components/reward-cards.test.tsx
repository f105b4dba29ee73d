// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.resetModules();
});

describe('reward cards', () => {
  it('keeps a reward on screen and across a reload until it is dismissed', async () => {
    const store = await import('../lib/reward-store');
    const { RewardCards } = await import('./reward-cards');
    render(<RewardCards />);
    expect(screen.queryByTestId('reward-card')).toBeNull();
    act(() => store.addReward({ title: 'Free song', description: 'Enjoy the track', triggerName: 'Jingle' }));
    expect(screen.getByTestId('reward-title').textContent).toBe('Free song');
    cleanup();

    // A fresh page load reads the rewards back from localStorage.
    vi.resetModules();
    const reloaded = await import('./reward-cards');
    render(<reloaded.RewardCards />);
    expect(screen.getByTestId('reward-title').textContent).toBe('Free song');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Free song' }));
    expect(screen.queryByTestId('reward-card')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('tonemark.rewards') ?? 'null')).toEqual([]);
  });
});
