import type { TeamRole } from '@tonemark/shared';

/** What each team role allows (docs/decisions/teams-and-access.md), shown where roles are chosen. */
export const ROLE_HELP: Record<TeamRole, string> = {
  admin: 'Admins manage members and invitations, and change the team’s triggers, campaigns and media.',
  creator: 'Creators create and change the team’s triggers, campaigns and media.',
  viewer: 'Viewers see the team’s triggers, campaigns, media and analytics, and change nothing.',
};
