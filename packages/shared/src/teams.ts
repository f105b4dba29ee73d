import { z } from 'zod';
import { USER_ROLES, type UserRole } from './auth.ts';
import type { ErrorCode } from './error-codes.ts';
import { serialIdParamSchema, serialIdSchema } from './ids.ts';
import type { AccountTier } from './pricing.ts';

// Issue 13: teams, their members and invitations, and the access rule every screen and route
// shares (docs/decisions/teams-and-access.md).

/** A member's role in one team: the same three names as accounts (SPEC §3.4); new members are viewers. */
export const TEAM_ROLES = USER_ROLES;
export type TeamRole = UserRole;
export const DEFAULT_TEAM_ROLE: TeamRole = 'viewer';

/** SPEC §9: members per team by the plan of the team's owner (null: unlimited). */
export const TEAM_MEMBER_LIMITS: Record<AccountTier, number | null> = {
  free: 1,
  starter: 1,
  pro: 5,
  enterprise: null,
};

/** How long an invitation can be accepted. */
export const TEAM_INVITATION_TTL_DAYS = 7;

/** Where an invitation link lands: the acceptance page. */
export const teamInvitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/** Who owns an asset: a person (teamId null) or a team. */
export interface OwnedAsset {
  ownerId: number | null;
  teamId: number | null;
}

/** The account asking, and its role in each team it belongs to (team id -> role). */
export interface Actor {
  id: number;
  role: UserRole;
}
/**
 * The roles that may write: as an account's role, the routes that create and change assets ask
 * for one of these; as a team role, they write that team's assets.
 */
export const WRITER_ROLES = ['admin', 'creator'] as const satisfies readonly UserRole[];
export type WriterRole = (typeof WRITER_ROLES)[number];
const isWriterRole = (role: UserRole | undefined): boolean =>
  (WRITER_ROLES as readonly (UserRole | undefined)[]).includes(role);

export type TeamRoles = ReadonlyMap<number, TeamRole> | Readonly<Record<number, TeamRole>>;

function roleIn(teamRoles: TeamRoles, teamId: number): TeamRole | undefined {
  return teamRoles instanceof Map ? teamRoles.get(teamId) : (teamRoles as Record<number, TeamRole>)[teamId];
}

/**
 * The one rule (server and screens): admins everything; a personal asset its owner; a team's
 * asset its members. A global viewer stays read-only everywhere, whatever its team role.
 */
export function canReadAsset(actor: Actor, asset: OwnedAsset, teamRoles: TeamRoles): boolean {
  if (actor.role === 'admin') return true;
  if (asset.teamId === null) return asset.ownerId === actor.id;
  return roleIn(teamRoles, asset.teamId) !== undefined;
}

export function canWriteAsset(actor: Actor, asset: OwnedAsset, teamRoles: TeamRoles): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'viewer') return false;
  if (asset.teamId === null) return asset.ownerId === actor.id;
  return isWriterRole(roleIn(teamRoles, asset.teamId));
}

/** Managing a team (rename, delete, invite, roles, removal) is for its admins and platform admins. */
export function canManageTeam(actor: Actor, teamRole: TeamRole | undefined): boolean {
  return actor.role === 'admin' || (actor.role !== 'viewer' && teamRole === 'admin');
}

export const TEAM_TEXTS = {
  readOnly: 'You have view-only access to this team',
  notManager: 'Only team admins can do that',
  lastAdmin: 'A team needs an admin: make another member admin first',
  memberLimit: (planName: string, limit: number) =>
    `The ${planName} plan allows ${limit} team member${limit === 1 ? '' : 's'}. Upgrade to invite more.`,
  notEmpty: 'Move or delete the team’s triggers, campaigns and media before deleting it',
  invitationInvalid: 'This invitation is not valid: it was used, revoked or has expired',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  alreadyMember: 'You are already a member of this team',
} as const;

export const TEAM_MEMBER_LIMIT_CODE = 'TEAM_MEMBER_LIMIT' satisfies ErrorCode;

const teamName = z.string().trim().min(1).max(100);
const teamDescription = z.string().trim().max(500).nullish();

export const createTeamSchema = z.object({ name: teamName, description: teamDescription }).strict();
export type CreateTeamInput = z.input<typeof createTeamSchema>;
export const updateTeamSchema = z.object({ name: teamName, description: teamDescription }).partial().strict();
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;

export const teamIdParamsSchema = z.object({ id: serialIdParamSchema });
export const teamMemberParamsSchema = z.object({ id: serialIdParamSchema, userId: serialIdParamSchema });
export const teamInvitationParamsSchema = z.object({
  id: serialIdParamSchema,
  invitationId: serialIdParamSchema,
});

/** An invitation: mailed to `email`, or (no e-mail) a link to copy. */
export const createInvitationSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    role: z.enum(TEAM_ROLES).default(DEFAULT_TEAM_ROLE),
  })
  .strict();
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

export const changeMemberRoleSchema = z.object({ role: z.enum(TEAM_ROLES) }).strict();

export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid invitation link'),
});

export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  ownerId: z.number().int().nullable(),
  createdAt: z.string(),
  /** The caller's role in it (platform admins who are not members: null). */
  myRole: z.enum(TEAM_ROLES).nullable(),
  memberCount: z.number().int(),
  /** null: unlimited. */
  memberLimit: z.number().int().nullable(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamListSchema = z.object({ teams: z.array(teamSchema) });
/** POST /api/invitations/:token/accept: the team just joined. */
export const acceptedInvitationSchema = z.object({ team: teamSchema });

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  role: z.enum(TEAM_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/teams/:id: the team, its members and (for its admins) pending invitations. */
export const teamDetailSchema = z.object({
  team: teamSchema,
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  assets: z.object({ triggers: z.number().int(), campaigns: z.number().int(), media: z.number().int() }),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** POST /api/teams/:id/invitations: the link is shown once (only its hash is stored). */
export const createdInvitationSchema = z.object({
  invitation: teamInvitationSchema,
  link: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/invitations/:token: what the acceptance page shows before accepting. */
export const invitationPreviewSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  role: z.enum(TEAM_ROLES),
  invitedBy: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * The owner chosen in a create form: absent or null, the creator personally; a team id, that team
 * (the creator must be allowed to create in it).
 */
export const ownerTeamIdSchema = serialIdSchema.nullish();

/** List filter: `personal`, or one team's id. */
export const ownerFilterSchema = z.union([z.literal('personal'), serialIdParamSchema]).optional();
export type OwnerFilter = z.output<typeof ownerFilterSchema>;
