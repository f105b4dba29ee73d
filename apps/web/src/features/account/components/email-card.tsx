import { changeEmailSchema } from '@tonemark/shared';
import { Mail } from 'lucide-react';
import type { FormEvent } from 'react';
import { FormAlert, SubmitButton, type TextFieldSpec, TextFields } from '@/components/form-field';
import { IconCardTitle } from '@/components/icon-card-title';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useForm } from '@/hooks/use-form';
import { toast } from '@/hooks/use-toast';
import { useAccountProfile, useChangeEmail } from '../api/profile';

const FIELDS: TextFieldSpec<'newEmail' | 'currentPassword'>[] = [
  { name: 'newEmail', label: 'New e-mail', type: 'email', autoComplete: 'email' },
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
];

/** A new address takes effect only when the link sent to it is opened. */
export function EmailCard() {
  const profile = useAccountProfile();
  const change = useChangeEmail();
  const form = useForm({ newEmail: '', currentPassword: '' });
  const { errors } = form;

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(changeEmailSchema, form.values);
    if (!input) return;
    change.mutate(input, {
      onSuccess: (outcome) => {
        form.reset();
        toast({ title: 'Check your inbox', description: outcome.message, variant: 'success' });
      },
      onError: (error) => form.showServerErrors(error, { form: true }),
    });
  }

  const pending = profile.data?.pendingEmail;
  return (
    <Card data-testid="email-card">
      <CardHeader>
        <IconCardTitle icon={Mail}>Change e-mail</IconCardTitle>
        <CardDescription>
          We send a link to the new address; the change happens when you open it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <p className="mb-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="pending-email">
            Waiting for you to open the link sent to <span className="font-medium">{pending}</span>.
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-3">
          <TextFields fields={FIELDS} values={form.values} errors={errors} onChange={form.change} />
          {errors.newEmail || errors.currentPassword ? null : <FormAlert message={errors.form} />}
          <div>
            <SubmitButton pending={change.isPending} pendingLabel="Sending link…">
              Send confirmation link
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
