import { type CreatedInvitation, createInvitationSchema, type TeamRole } from '@tonemark/shared';
import { Link2, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Field, TextField } from '@/components/form-field';
import { OneTimeSecretNotice } from '@/components/one-time-secret-notice';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useInvite } from '../api/teams';
import { ROLE_HELP } from './role-help';
import { TeamRoleSelect } from './team-role-select';

const EMAIL_FIELD = { label: 'E-mail', type: 'email', placeholder: 'colleague@example.com' } as const;

/** Invite by e-mail (the link is mailed) or make a link to copy; either works once, for 7 days. */
export function InviteForm({ teamId }: { teamId: number }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('viewer');
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreatedInvitation>();
  const invite = useInvite();

  function send(withEmail: boolean) {
    const parsed = createInvitationSchema.safeParse(withEmail ? { email, role } : { role });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).email ?? 'Enter an e-mail address');
      return;
    }
    if (withEmail && !email.trim()) {
      setError('Enter an e-mail address, or create a link instead');
      return;
    }
    setError(undefined);
    invite.mutate(
      { id: teamId, input: parsed.data },
      {
        onSuccess: (result) => {
          setCreated(result);
          setEmail('');
          toast({
            title: result.emailed ? 'Invitation Sent' : 'Invitation Link Created',
            description: result.emailed
              ? `Sent to ${result.invitation.email}`
              : 'Copy the link and share it.',
            variant: 'success',
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields.email) setError(failure.fields.email);
          toastFailure(failure, 'Failed to invite');
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(true);
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_9rem]"
        onSubmit={submit}
        noValidate
        data-testid="invite-form"
      >
        <TextField {...EMAIL_FIELD} value={email} onChange={setEmail} error={error} />
        <Field label="Role">
          {(control) => (
            <TeamRoleSelect value={role} onChange={setRole} {...control} data-testid="invite-role" />
          )}
        </Field>
        <p className="text-xs text-slate-500 sm:col-span-2">{ROLE_HELP[role]}</p>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" disabled={invite.isPending} data-testid="send-invitation">
            <Send /> Send invitation
          </Button>
          <Button
            variant="outline"
            disabled={invite.isPending}
            onClick={() => send(false)}
            data-testid="create-link"
          >
            <Link2 /> Create link instead
          </Button>
        </div>
      </form>
      {created ? (
        <OneTimeSecretNotice
          title={created.emailed ? `Invitation e-mailed to ${created.invitation.email}` : 'Invitation link'}
          explanation="Works once, for 7 days. It is shown only now: copy it if you want to send it yourself."
          secret={created.link}
          noun="link"
          testId="invitation-link"
          onDone={() => setCreated(undefined)}
        />
      ) : null}
    </div>
  );
}
