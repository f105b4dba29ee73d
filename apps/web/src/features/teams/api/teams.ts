import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  acceptedInvitationSchema,
  type CreateInvitationInput,
  type CreateTeamInput,
  createdInvitationSchema,
  invitationPreviewSchema,
  type TeamRole,
  teamDetailSchema,
  teamListSchema,
  type UpdateTeamInput,
} from '@tonemark/shared';
import { apiRequest, apiSend } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/invalidating-mutation';
import { queryKeysUnder } from '@/lib/query-keys-under';

export const teamKeys = queryKeysUnder('teams', {
  list: ['list'],
  detail: (id: number) => ['detail', id],
  invitation: (token: string) => ['invitation', token],
});

/** GET /api/teams: the teams the signed-in account belongs to, with its role in each. */
export const getTeamsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.list,
    queryFn: async () => (await apiRequest('/api/teams', teamListSchema)).teams,
  });

export function useTeams(enabled = true) {
  return useQuery({ ...getTeamsQueryOptions(), enabled });
}

/** GET /api/teams/:id: members, pending invitations (admins) and what the team owns. */
export function useTeam(id: number | undefined) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? 0),
    queryFn: () => apiRequest(`/api/teams/${id}`, teamDetailSchema),
    enabled: id !== undefined,
  });
}

/** GET /api/invitations/:token: the team and role an invitation link offers. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: () => apiRequest(`/api/invitations/${encodeURIComponent(token)}`, invitationPreviewSchema),
  });
}

/**
 * Joining, leaving or changing roles changes what every list may show (issue 13): after any team
 * write, every cached query is asked again.
 */
const useTeamMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) =>
  useInvalidatingMutation(mutationFn);

export const useCreateTeam = () =>
  useTeamMutation((input: CreateTeamInput) =>
    apiRequest('/api/teams', teamDetailSchema, { method: 'POST', body: input, errorStyle: 'save' }),
  );

export const useUpdateTeam = () =>
  useTeamMutation(({ id, input }: { id: number; input: UpdateTeamInput }) =>
    apiRequest(`/api/teams/${id}`, teamDetailSchema, { method: 'PATCH', body: input, errorStyle: 'save' }),
  );

export const useDeleteTeam = () =>
  useTeamMutation((id: number) => apiSend(`/api/teams/${id}`, { method: 'DELETE', errorStyle: 'save' }));

export const useInvite = () =>
  useTeamMutation(({ id, input }: { id: number; input: CreateInvitationInput }) =>
    apiRequest(`/api/teams/${id}/invitations`, createdInvitationSchema, {
      method: 'POST',
      body: input,
      errorStyle: 'save',
    }),
  );

export const useRevokeInvitation = () =>
  useTeamMutation(({ id, invitationId }: { id: number; invitationId: number }) =>
    apiSend(`/api/teams/${id}/invitations/${invitationId}`, { method: 'DELETE', errorStyle: 'save' }),
  );

export const useChangeRole = () =>
  useTeamMutation(({ id, userId, role }: { id: number; userId: number; role: TeamRole }) =>
    apiRequest(`/api/teams/${id}/members/${userId}`, teamDetailSchema, {
      method: 'PATCH',
      body: { role },
      errorStyle: 'save',
    }),
  );

export const useRemoveMember = () =>
  useTeamMutation(({ id, userId }: { id: number; userId: number }) =>
    apiSend(`/api/teams/${id}/members/${userId}`, { method: 'DELETE', errorStyle: 'save' }),
  );

export const useLeaveTeam = () =>
  useTeamMutation((id: number) => apiSend(`/api/teams/${id}/leave`, { method: 'POST', errorStyle: 'save' }));

export const useAcceptInvitation = () =>
  useTeamMutation((token: string) =>
    apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, acceptedInvitationSchema, {
      method: 'POST',
      errorStyle: 'save',
    }),
  );
