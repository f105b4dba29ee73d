import { ACCOUNT_TEXTS, forgotPasswordSchema, resetPasswordSchema } from '@tonemark/shared';
import { CircleAlert, CircleCheck, KeyRound, MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TextField } from '@/components/form-field';
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

/** /forgot-password: asks for the address and sends a single-use reset link to it. */
export function ForgotPasswordRoute() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const forgot = useForgotPassword();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrorsFromZod(parsed.error).email);
      return;
    }
    setError(undefined);
    forgot.mutate(parsed.data);
  }
  return (
    <Panel icon={<KeyRound className="size-5" />} title="Reset your password" testId="forgot-password">
      {forgot.isSuccess ? (
        <Outcome ok message={forgot.data.message} />
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          <p className="text-sm text-slate-600">
            Enter the e-mail address of your account and we will send you a link.
          </p>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            error={error}
          />
          {forgot.isError ? <Outcome ok={false} message={failureText(forgot.error)} /> : null}
          <Button type="submit" disabled={forgot.isPending}>
            {forgot.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const reset = useResetPassword();
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password });
    if (!parsed.success) {
      const fields = fieldErrorsFromZod(parsed.error);
      setError(fields.password ?? fields.token);
      return;
    }
    setError(undefined);
    reset.mutate(parsed.data);
  }
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
        <form onSubmit={submit} noValidate className="grid gap-4">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={error}
            placeholder="At least 8 characters"
          />
          {reset.isError ? <Outcome ok={false} message={failureText(reset.error)} /> : null}
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Saving…' : 'Set new password'}
          </Button>
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
