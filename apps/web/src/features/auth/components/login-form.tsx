import { loginSchema } from '@tonemark/shared';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import type { TextFieldSpec } from '@/components/form-field';
import { useForm } from '@/hooks/use-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { ERROR_TEXTS } from '@/lib/error-texts';
import { useLogin } from '../api/login';
import { AuthForm, EMAIL_FIELD, passwordField } from './auth-form';

const forgotLink = (
  <Link to="/forgot-password" className="text-xs font-medium text-indigo-600 hover:underline">
    Forgot password?
  </Link>
);

const FIELDS: TextFieldSpec<'email' | 'password'>[] = [
  EMAIL_FIELD,
  { ...passwordField('current-password', '••••••••'), aside: forgotLink },
];

function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.serverMessage || 'Too many sign-in attempts. Please wait a minute and try again.';
  }
  return ERROR_TEXTS.loginFailedText;
}

function loginFailed(description: string) {
  toast({ title: ERROR_TEXTS.loginFailedTitle, description, variant: 'destructive' });
}

/** SPEC §5: an empty e-mail or password is refused before sending, with the same notice as a wrong one. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm({ email: '', password: '' });
  const login = useLogin();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(form.values);
    if (!parsed.success) {
      loginFailed(ERROR_TEXTS.loginFailedText);
      return;
    }
    login.mutate(parsed.data, { onSuccess, onError: (error) => loginFailed(loginFailureText(error)) });
  }

  return <AuthForm kind="login" fields={FIELDS} form={form} busy={login.isPending} onSubmit={submit} />;
}
