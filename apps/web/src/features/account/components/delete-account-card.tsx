import { deleteAccountSchema } from '@tonemark/shared';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ConfirmDialog, KEEP_OPEN } from '@/components/confirm-dialog';
import { FormAlert, type TextFieldSpec, TextFields } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useForm } from '@/hooks/use-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useDeleteAccount } from '../api/sessions';

const FIELDS: TextFieldSpec<'confirmEmail' | 'currentPassword'>[] = [
  { name: 'confirmEmail', label: 'Your e-mail', type: 'email', autoComplete: 'off' },
  { name: 'currentPassword', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

/** Deleting the account asks for the password and the address typed out: it cannot be undone. */
export function DeleteAccountCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const form = useForm({ confirmEmail: '', currentPassword: '' });
  const { errors } = form;

  async function deleteAccount() {
    const input = form.check(deleteAccountSchema, form.values);
    if (!input) return KEEP_OPEN;
    try {
      await remove.mutateAsync(input);
    } catch (error) {
      // A refusal (wrong password, address not typed right) is shown at its field, not as a notice.
      if (!(error instanceof ApiError)) throw error;
      form.showServerErrors(error, { form: true });
      return KEEP_OPEN;
    }
    navigate('/landing', { replace: true });
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
        <ConfirmDialog
          trigger={
            <Button variant="destructive" data-testid="delete-account">
              Delete my account
            </Button>
          }
          title="Delete your account?"
          description={
            <>
              Everything you own in Tonemark goes, files included. Type{' '}
              <span className="font-medium">{email}</span> and your password to confirm.
            </>
          }
          confirmLabel="Delete everything"
          pendingLabel="Deleting…"
          cancelLabel="Keep my account"
          action={deleteAccount}
          successNotice={{
            title: 'Account deleted',
            description: 'Your account, triggers and media are gone.',
          }}
          failureMessage={(error) => errorMessage(error, 'Failed to delete the account')}
          testId="delete-account-dialog"
          confirmTestId="confirm-delete-account"
        >
          <TextFields fields={FIELDS} values={form.values} errors={errors} onChange={form.change} />
          {errors.confirmEmail || errors.currentPassword ? null : <FormAlert message={errors.form} />}
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
