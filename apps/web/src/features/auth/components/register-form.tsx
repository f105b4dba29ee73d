import { registerSchema } from '@tonemark/shared';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { fieldErrorsFromZod } from '@/lib/field-errors';
import { useRegister } from '../api/register';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const registerMutation = useRegister();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerSchema.safeParse({
      email,
      password,
      username: username.trim() === '' ? undefined : username,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromZod(parsed.error));
      return;
    }
    setErrors({});
    registerMutation.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Account created', description: 'Welcome to Tonemark!', variant: 'success' });
        onSuccess();
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast({
          title: 'Registration Failed',
          description: error instanceof ApiError ? error.serverMessage : 'Failed to process your request',
          variant: 'destructive',
        });
      },
    });
  }

  const field = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="grid gap-4"
      data-testid="register-form"
      aria-label="Create account"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...field('email')}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...field('password')}
        />
        <FieldError id={`${id}-password-error`} message={errors.password} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-username`}>
          Username <span className="font-normal text-slate-400">(optional)</span>
        </Label>
        <Input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          placeholder="studio-name"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          {...field('username')}
        />
        <FieldError id={`${id}-username-error`} message={errors.username} />
      </div>
      <Button type="submit" size="lg" disabled={registerMutation.isPending} className="w-full">
        <UserPlus />
        {registerMutation.isPending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
