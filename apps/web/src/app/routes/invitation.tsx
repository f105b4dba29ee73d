import { CircleAlert, Users } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { signInPath } from '@/features/auth/components/require-auth';
import { useAcceptInvitation, useInvitationPreview } from '@/features/teams/api/teams';
import { ROLE_HELP } from '@/features/teams/components/role-help';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';

/** /invitations/:token (issue 13): see which team invites you, sign in or sign up, accept. */
export function InvitationRoute() {
  useDocumentTitle('Team invitation');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data: user, isPending: userPending } = useUser();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const here = `/invitations/${encodeURIComponent(token)}`;

  function join() {
    accept.mutate(token, {
      onSuccess: ({ team }) => {
        toast({ title: 'Welcome to the team', description: `You joined ${team.name}.`, variant: 'success' });
        navigate(`/admin/teams?team=${team.id}`, { replace: true });
      },
    });
  }

  return (
    <PublicLayout>
      <Card className="mx-auto max-w-md p-8" data-testid="invitation-page">
        <div className="mb-4 flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            <Users className="size-5" />
          </span>
          <h1 className="text-xl font-semibold text-slate-900">Team invitation</h1>
        </div>
        {preview.isPending || userPending ? (
          <Spinner className="mx-auto size-6" label="Loading the invitation" />
        ) : preview.isError ? (
          <p
            className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
            role="alert"
            data-testid="invitation-error"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" />
            {preview.error instanceof ApiError
              ? preview.error.serverMessage
              : 'This invitation could not be loaded.'}
          </p>
        ) : (
          <div className="grid gap-4">
            <p className="text-sm text-slate-700" data-testid="invitation-summary">
              {preview.data.invitedBy ?? 'A team admin'} invited you to join{' '}
              <strong>{preview.data.teamName}</strong> as <strong>{preview.data.role}</strong>.
            </p>
            <p className="text-xs text-slate-500">{ROLE_HELP[preview.data.role]}</p>
            {preview.data.email ? (
              <p className="text-xs text-slate-500">This invitation is for {preview.data.email}.</p>
            ) : null}
            {accept.isError ? (
              <p className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
                <CircleAlert className="mt-0.5 size-4 shrink-0" />
                {errorMessage(accept.error, 'Could not accept the invitation')}
              </p>
            ) : null}
            {user ? (
              <div className="grid gap-2">
                <Button
                  size="lg"
                  className="w-full whitespace-normal"
                  onClick={join}
                  disabled={accept.isPending}
                  data-testid="accept-invitation"
                >
                  {accept.isPending ? 'Joining…' : `Join ${preview.data.teamName}`}
                </Button>
                <p className="text-center text-xs text-slate-500">Signed in as {user.email}</p>
              </div>
            ) : (
              <div className="grid gap-2">
                <Link
                  to={signInPath(here)}
                  className={buttonVariants({ size: 'lg', className: 'w-full whitespace-normal' })}
                  data-testid="invitation-sign-in"
                >
                  Sign in or sign up to accept
                </Link>
                <p className="text-center text-xs text-slate-500">You come back here afterwards.</p>
              </div>
            )}
          </div>
        )}
      </Card>
    </PublicLayout>
  );
}
