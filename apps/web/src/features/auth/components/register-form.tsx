import { registerSchema } from '@tonemark/shared';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { SubmitButton, TextField } from '@/components/form-field';
import { useFieldErrors } from '@/hooks/use-field-errors';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRegister } from '../api/register';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const { errors, check, showServerErrors } = useFieldErrors();
  const registerMutation = useRegister();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = check(registerSchema, {
      email,
      password,
      username: username.trim() === '' ? undefined : username,
    });
    if (!input) return;
    registerMutation.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Account created', description: 'Welcome to Tonemark!', variant: 'success' });
        onSuccess();
      },
      onError: (error) => {
        showServerErrors(error);
        toast({
          title: 'Registration Failed',
          description: error instanceof ApiError ? error.serverMessage : 'Failed to process your request',
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
      data-testid="register-form"
      aria-label="Create account"
    >
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={setEmail}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        value={password}
        onChange={setPassword}
        error={errors.password}
      />
      <TextField
        label={
          <>
            Username <span className="font-normal text-slate-400">(optional)</span>
          </>
        }
        name="username"
        autoComplete="username"
        placeholder="studio-name"
        value={username}
        onChange={setUsername}
        error={errors.username}
      />
      <SubmitButton
        size="lg"
        className="w-full"
        icon={<UserPlus />}
        pending={registerMutation.isPending}
        pendingLabel="Creating account…"
      >
        Create Account
      </SubmitButton>
    </form>
  );
}
