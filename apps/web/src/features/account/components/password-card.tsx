import { changePasswordSchema } from '@tonemark/shared';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SubmitButton, TextField } from '@/components/form-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useFieldErrors } from '@/hooks/use-field-errors';
import { toast } from '@/hooks/use-toast';
import { useChangePassword } from '../api/profile';

/** Changing the password signs every other device out; this one stays signed in. */
export function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { errors, check, showServerErrors } = useFieldErrors();

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = check(changePasswordSchema, { currentPassword: current, newPassword: next });
    if (!input) return;
    change.mutate(input, {
      onSuccess: (outcome) => {
        setCurrent('');
        setNext('');
        toast({ title: 'Password changed', description: outcome.message, variant: 'success' });
      },
      onError: (error) => showServerErrors(error),
    });
  }

  return (
    <Card data-testid="password-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-indigo-600" /> Password
        </CardTitle>
        <CardDescription>Other devices are signed out when the password changes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.currentPassword}
          />
          <TextField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
            error={errors.newPassword}
            placeholder="At least 8 characters"
          />
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
