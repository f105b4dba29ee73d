import { deleteAccountSchema } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useDeleteAccount } from '../api/sessions';
import { TextField } from './text-field';

/** Deleting the account asks for the password and the address typed out: it cannot be undone. */
export function DeleteAccountCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ currentPassword: password, confirmEmail: typed });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    remove.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Account deleted', description: 'Your account, triggers and media are gone.' });
        navigate('/landing', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors({ ...error.fields, form: error.serverMessage });
      },
    });
  }

  return (
    <Card className="border-red-200" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-red-700">
          <Trash2 className="size-5" /> Delete account
        </CardTitle>
        <CardDescription>
          Deletes your account with its triggers, media files, campaigns, API keys, webhooks and payment
          records. Activations already counted stay in the platform totals, without your trigger. This cannot
          be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="destructive" data-testid="delete-account">
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent data-testid="delete-account-dialog">
            <form onSubmit={submit} noValidate className="grid gap-4">
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  Everything you own in Tonemark goes, files included. Type{' '}
                  <span className="font-medium">{email}</span> and your password to confirm.
                </DialogDescription>
              </DialogHeader>
              <TextField
                label="Your e-mail"
                name="confirmEmail"
                type="email"
                value={typed}
                onChange={setTyped}
                error={errors.confirmEmail}
                autoComplete="off"
              />
              <TextField
                label="Password"
                name="currentPassword"
                type="password"
                value={password}
                onChange={setPassword}
                error={errors.currentPassword}
                autoComplete="current-password"
              />
              {errors.form && !errors.confirmEmail && !errors.currentPassword ? (
                <p className="text-sm text-red-600" role="alert">
                  {errors.form}
                </p>
              ) : null}
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    Keep my account
                  </Button>
                </DialogClose>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={remove.isPending}
                  data-testid="confirm-delete-account"
                >
                  {remove.isPending ? 'Deleting…' : 'Delete everything'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
