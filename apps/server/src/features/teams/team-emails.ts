import { BRAND, TEAM_INVITATION_TTL_DAYS, type TeamRole } from '@tonemark/shared';
import type { MailMessage } from '../email/mailer.ts';

/** The invitation e-mail; the link sits on a line of its own (clickable, and listed by the outbox). */
export function teamInvitationEmail(
  to: string,
  teamName: string,
  inviter: string,
  role: TeamRole,
  link: string,
): MailMessage {
  return {
    to,
    subject: `${inviter} invited you to the team ${teamName} on ${BRAND}`,
    text: [
      `${inviter} invited you to join the team “${teamName}” on ${BRAND} as ${role}.`,
      '',
      `To accept, open this link within ${TEAM_INVITATION_TTL_DAYS} days (sign in, or create an account with this address, first):`,
      link,
      '',
      'The link works once. If you did not expect this, ignore this message.',
    ].join('\n'),
  };
}
