import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamDetail } from '@tonemark/shared';
import { describe, expect, it } from 'vitest';
import { renderWithClient, stubFetch } from '@/test/render-with-client';
import { RenameTeam } from './rename-team';

const team: Team = {
  id: 4,
  name: 'Radio crew',
  description: null,
  ownerId: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  myRole: 'admin',
  memberCount: 2,
  memberLimit: null,
};

describe('rename team', () => {
  it('opens on the team as it is, sends the new name and closes with the notice', async () => {
    const { requests } = stubFetch((method, path, body) => {
      if (method !== 'PATCH' || path !== '/api/teams/4') return undefined;
      const detail: TeamDetail = {
        team: { ...team, ...(body as Partial<Team>) },
        members: [],
        invitations: [],
        assets: { triggers: 0, campaigns: 0, media: 0 },
      };
      return { body: detail };
    });
    renderWithClient(<RenameTeam team={team} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('rename-team'));
    expect(screen.getByRole('heading', { name: 'Edit team' })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Radio crew');
    await user.clear(name);
    await user.type(name, 'Night crew');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team Updated')).toBeInTheDocument();
    expect(screen.getByText('Night crew')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Night crew',
      description: null,
    });
    expect(screen.queryByTestId('team-form')).toBeNull();
  });

  it('keeps the dialog open with the contract’s message when the name is emptied', async () => {
    const { requests } = stubFetch();
    renderWithClient(<RenameTeam team={team} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByTestId('rename-team'));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('team-form')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/at least 1 character/);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
