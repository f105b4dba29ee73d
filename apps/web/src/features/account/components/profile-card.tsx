import type { PublicUser } from '@tonemark/shared';
import { UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TextField } from '@/components/form-field';
import { IconCardTitle } from '@/components/icon-card-title';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { useResendVerification } from '../api/account-links';
import { useUpdateProfile } from '../api/profile';

/** Name, username, role and whether the address is verified (with a new link on request). */
export function ProfileCard({ user }: { user: PublicUser }) {
  const [name, setName] = useState(user.displayName ?? '');
  const update = useUpdateProfile();
  const resend = useResendVerification();
  const nameError = update.error instanceof ApiError ? update.error.fields.displayName : undefined;

  function save(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { displayName: name },
      {
        onSuccess: () =>
          toast({ title: 'Profile saved', description: 'Your name is updated.', variant: 'success' }),
      },
    );
  }

  return (
    <Card data-testid="profile-card">
      <CardHeader>
        <IconCardTitle icon={UserRound}>Profile</IconCardTitle>
        <CardDescription>How you appear in Tonemark.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={save} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
          <div className="flex-1">
            <TextField
              label="Name"
              name="displayName"
              value={name}
              onChange={setName}
              error={nameError}
              placeholder={user.username}
              autoComplete="name"
            />
          </div>
          <Button
            type="submit"
            variant="outline"
            disabled={update.isPending || name === (user.displayName ?? '')}
          >
            {update.isPending ? 'Saving…' : 'Save name'}
          </Button>
        </form>
        <dl className="min-w-0 divide-y divide-slate-100 text-sm">
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">Username</dt>
            <dd className="font-medium text-slate-900">{user.username}</dd>
          </div>
          <div className="flex justify-between gap-4 py-2">
            <dt className="text-slate-500">Role</dt>
            <dd className="font-medium text-slate-900">{user.role}</dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 py-2">
            <dt className="text-slate-500">Email</dt>
            <dd className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
              <span className="truncate" data-testid="profile-email">
                {user.email}
              </span>
              <Badge tone={user.emailVerified ? 'emerald' : 'amber'} data-testid="email-verified">
                {user.emailVerified ? 'verified' : 'not verified'}
              </Badge>
            </dd>
          </div>
        </dl>
        {!user.emailVerified ? (
          <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="flex-1">We sent a link to verify your address when you signed up.</span>
            <Button
              size="sm"
              variant="outline"
              disabled={resend.isPending || resend.isSuccess}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (outcome) => toast({ title: 'Link sent', description: outcome.message }),
                  onError: (error) => toastFailure(error, 'The link could not be sent.'),
                })
              }
            >
              {resend.isSuccess ? 'Link sent' : 'Send a new link'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
