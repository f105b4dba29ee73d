import { changeEmailSchema } from '@tonemark/shared';
import { Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useAccountProfile, useChangeEmail } from '../api/profile';
import { TextField } from './text-field';

/** A new address takes effect only when the link sent to it is opened. */
export function EmailCard() {
  const profile = useAccountProfile();
  const change = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse({ newEmail, currentPassword: password });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: (outcome) => {
        setPassword('');
        setNewEmail('');
        toast({ title: 'Check your inbox', description: outcome.message, variant: 'success' });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors({ ...error.fields, form: error.serverMessage });
      },
    });
  }

  const pending = profile.data?.pendingEmail;
  return (
    <Card data-testid="email-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5 text-indigo-600" /> Change e-mail
        </CardTitle>
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
          <TextField
            label="New e-mail"
            name="newEmail"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={setNewEmail}
            error={errors.newEmail}
          />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={errors.currentPassword}
          />
          {errors.form && !errors.newEmail && !errors.currentPassword ? (
            <p className="text-sm text-red-600" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Sending link…' : 'Send confirmation link'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
