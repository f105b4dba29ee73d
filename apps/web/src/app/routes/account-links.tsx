import { ACCOUNT_TEXTS, forgotPasswordSchema, resetPasswordSchema } from '@tonemark/shared';
import { CircleAlert, CircleCheck, KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { TextField, type TextFieldProps } from '@/components/form-field';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import {
  useConfirmEmailChange,
  useForgotPassword,
  useResetPassword,
  useVerifyEmail,
} from '@/features/account/api/account-links';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';

const SIGN_IN = '/landing?tab=creator';

function Panel({
  icon,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <PublicLayout>
      <Card className="mx-auto max-w-md p-8" data-testid={testId}>
        <div className="mb-4 flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
            {icon}
          </span>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        </div>
        {children}
      </Card>
    </PublicLayout>
  );
}

function Outcome({ ok, message }: { ok: boolean; message: string }) {
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <p
      className={
        ok
          ? 'flex gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900'
          : 'flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800'
      }
      role={ok ? 'status' : 'alert'}
      data-testid="link-outcome"
    >
      <Icon className="mt-0.5 size-4 shrink-0" /> {message}
    </p>
  );
}

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.serverMessage : ACCOUNT_TEXTS.linkInvalid;

type OneField = Omit<TextFieldProps, 'value' | 'onChange' | 'error'>;

/**
 * The one field of the forgot and reset forms: its props for TextField (what it is, its value and
 * its message), and a submit that checks the shared schema before sending (`fieldOf` picks the
 * message to show from the schema's).
 */
function useOneFieldForm<T>(
  field: OneField,
  schema: z.ZodType<T>,
  inputOf: (value: string) => unknown,
  fieldOf: (fields: Record<string, string>) => string | undefined,
  send: (data: T) => void,
) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse(inputOf(value));
    if (!parsed.success) {
      setError(fieldOf(fieldErrorsFromZod(parsed.error)));
      return;
    }
    setError(undefined);
    send(parsed.data);
  }
  return { field: { ...field, value, onChange: setValue, error }, submit };
}

/** Why the last send failed, and the submit button. */
function SendRow({
  mutation,
  label,
  pendingLabel,
}: {
  mutation: { isError: boolean; isPending: boolean; error: unknown };
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {mutation.isError ? <Outcome ok={false} message={failureText(mutation.error)} /> : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? pendingLabel : label}
      </Button>
    </>
  );
}

/** /forgot-password: asks for the address and sends a single-use reset link to it. */
export function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const form = useOneFieldForm(
    { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' },
    forgotPasswordSchema,
    (email) => ({ email }),
    (fields) => fields.email,
    (data) => forgot.mutate(data),
  );
  return (
    <Panel icon={<KeyRound className="size-5" />} title="Reset your password" testId="forgot-password">
      {forgot.isSuccess ? (
        <Outcome ok message={forgot.data.message} />
      ) : (
        <form onSubmit={form.submit} noValidate className="grid gap-4">
          <p className="text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a link.
          </p>
          <TextField {...form.field} />
          <SendRow mutation={forgot} label="Send reset link" pendingLabel="Sending…" />
        </form>
      )}
      <Link to={SIGN_IN} className="mt-4 inline-block text-sm font-medium text-indigo-600 hover:underline">
        Back to sign in
      </Link>
    </Panel>
  );
}

/** /reset-password?token=…: a new password; every device is signed out. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useOneFieldForm(
    {
      label: 'New password',
      name: 'password',
      type: 'password',
      autoComplete: 'new-password',
      placeholder: 'At least 8 characters',
    },
    resetPasswordSchema,
    (password) => ({ token, password }),
    (fields) => fields.password ?? fields.token,
    (data) => reset.mutate(data),
  );
  return (
    <Panel icon={<KeyRound className="size-5" />} title="Choose a new password" testId="reset-password">
      {reset.isSuccess ? (
        <>
          <Outcome ok message={reset.data.message} />
          <Link to={SIGN_IN} className={buttonVariants({ className: 'mt-4 w-full' })}>
            Sign in
          </Link>
        </>
      ) : (
        <form onSubmit={form.submit} noValidate className="grid gap-4">
          <TextField {...form.field} />
          <SendRow mutation={reset} label="Set new password" pendingLabel="Saving…" />
          {reset.isError ? (
            <Link to="/forgot-password" className="text-sm font-medium text-indigo-600 hover:underline">
              Ask for a new link
            </Link>
          ) : null}
        </form>
      )}
    </Panel>
  );
}

/** Follows a link that needs no form (verify, confirm a new address): spends its token once on arrival. */
function SpendLinkRoute({
  title,
  testId,
  spend,
}: {
  title: string;
  testId: string;
  spend: ReturnType<typeof useVerifyEmail> | ReturnType<typeof useConfirmEmailChange>;
}) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const started = useRef(false);
  const { mutate } = spend;
  useEffect(() => {
    // Once: React's development double effects must not spend a single-use token twice.
    if (started.current || !token) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);
  return (
    <Panel icon={<MailCheck className="size-5" />} title={title} testId={testId}>
      {!token ? (
        <Outcome ok={false} message={ACCOUNT_TEXTS.linkInvalid} />
      ) : spend.isSuccess ? (
        <Outcome ok message={spend.data.message} />
      ) : spend.isError ? (
        <Outcome ok={false} message={failureText(spend.error)} />
      ) : (
        <Spinner label="Checking the link" />
      )}
      <Link to="/admin/settings" className={buttonVariants({ variant: 'outline', className: 'mt-4 w-full' })}>
        Account Settings
      </Link>
    </Panel>
  );
}

export function VerifyEmailRoute() {
  return <SpendLinkRoute title="Verify your e-mail" testId="verify-email" spend={useVerifyEmail()} />;
}

export function ConfirmEmailRoute() {
  return (
    <SpendLinkRoute title="Confirm your new e-mail" testId="confirm-email" spend={useConfirmEmailChange()} />
  );
}
