import { changePasswordSchema } from '@tonemark/shared';
import { KeyRound } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton, type TextFieldSpec, TextFields } from '@/components/form-field';
import { IconCardTitle } from '@/components/icon-card-title';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useForm } from '@/hooks/use-form';
import { toast } from '@/hooks/use-toast';
import { useChangePassword } from '../api/profile';

const FIELDS: TextFieldSpec<'currentPassword' | 'newPassword'>[] = [
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: 'At least 8 characters',
  },
];

/** Changing the password signs every other device out; this one stays signed in. */
export function PasswordCard() {
  const change = useChangePassword();
  const form = useForm({ currentPassword: '', newPassword: '' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = form.check(changePasswordSchema, form.values);
    if (!input) return;
    change.mutate(input, {
      onSuccess: (outcome) => {
        form.reset();
        toast({ title: 'Password changed', description: outcome.message, variant: 'success' });
      },
      onError: (error) => form.showServerErrors(error),
    });
  }

  return (
    <Card data-testid="password-card">
      <CardHeader>
        <IconCardTitle icon={KeyRound}>Password</IconCardTitle>
        <CardDescription>Other devices are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <TextFields fields={FIELDS} values={form.values} errors={form.errors} onChange={form.change} />
          <div>
            <SubmitButton pending={change.isPending} pendingLabel="Changing…">
              Change password
            </SubmitButton>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
