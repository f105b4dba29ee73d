import { ERROR_TEXTS, loginSchema } from '@tonemark/shared';
import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { SubmitButton, TextField } from '@/components/form-field';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';

function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    return error.serverMessage || 'Too many sign-in attempts. Please wait a minute and try again.';
  }
  return ERROR_TEXTS.loginFailedText;
}

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      toast({
        title: ERROR_TEXTS.loginFailedTitle,
        description: ERROR_TEXTS.loginFailedText,
        variant: 'destructive',
      });
      return;
    }
    loginMutation.mutate(parsed.data, {
      onSuccess,
      onError: (error) => {
        toast({
          title: ERROR_TEXTS.loginFailedTitle,
          description: loginFailureText(error),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="grid gap-4"
      data-testid="login-form"
      aria-label="Sign in"
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={setEmail}
      />
      <TextField
        label="Password"
        aside={
          <Link to="/forgot-password" className="text-xs font-medium text-indigo-600 hover:underline">
            Forgot password?
          </Link>
        }
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="••••••••"
        value={password}
        onChange={setPassword}
      />
      <SubmitButton
        size="lg"
        className="w-full"
        icon={<LogIn />}
        pending={loginMutation.isPending}
        pendingLabel="Signing in…"
      >
        Sign In
      </SubmitButton>
    </form>
  );
}
