import { registerSchema } from '@tonemark/shared';
import type { FormEvent } from 'react';
import type { TextFieldSpec } from '@/components/form-field';
import { useForm } from '@/hooks/use-form';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AuthForm, EMAIL_FIELD, passwordField } from './auth-form';

const usernameLabel = (
  <>
    Username <span className="font-normal text-slate-400">(optional)</span>
  </>
);

const FIELDS: TextFieldSpec<'email' | 'password' | 'username'>[] = [
  EMAIL_FIELD,
  passwordField('new-password', 'At least 8 characters'),
  { name: 'username', label: usernameLabel, autoComplete: 'username', placeholder: 'studio-name' },
];

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useForm({ email: '', password: '', username: '' });
  const register = useRegister();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email, password, username } = form.values;
    const input = form.check(registerSchema, {
      email,
      password,
      username: username.trim() === '' ? undefined : username,
    });
    if (!input) return;
    register.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Account created', description: 'Welcome to Tonemark!', variant: 'success' });
        onSuccess();
      },
      onError: (error) => {
        form.showServerErrors(error);
        toast({
          title: 'Registration Failed',
          description: error instanceof ApiError ? error.serverMessage : 'Failed to process your request',
          variant: 'destructive',
        });
      },
    });
  }

  return <AuthForm kind="register" fields={FIELDS} form={form} busy={register.isPending} onSubmit={submit} />;
}
