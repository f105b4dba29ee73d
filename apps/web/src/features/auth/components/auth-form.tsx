import { LogIn, UserPlus } from 'lucide-react';
import type { FormEvent } from 'react';
import { SubmitButton, type TextFieldSpec, TextFields } from '@/components/form-field';
import type { FormFields } from '@/hooks/use-form';

export const EMAIL_FIELD: TextFieldSpec<'email'> = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@company.com',
};

export function passwordField(autoComplete: string, placeholder: string): TextFieldSpec<'password'> {
  return { name: 'password', label: 'Password', type: 'password', autoComplete, placeholder };
}

/** The frame of the two forms, one line each: accessible name, submit icon and labels. */
const KINDS = {
  login: { label: 'Sign in', Icon: LogIn, submit: 'Sign In', pending: 'Signing in…' },
  register: {
    label: 'Create account',
    Icon: UserPlus,
    submit: 'Create Account',
    pending: 'Creating account…',
  },
};

/** The sign-in and sign-up forms: their fields, then one wide submit button. */
export function AuthForm<K extends string>({
  kind,
  fields,
  form,
  busy,
  onSubmit,
}: {
  kind: keyof typeof KINDS;
  fields: TextFieldSpec<K>[];
  form: FormFields<K>;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { label, Icon, submit, pending } = KINDS[kind];
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      data-testid={`${kind}-form`}
      aria-label={label}
    >
      <TextFields fields={fields} values={form.values} errors={form.errors} onChange={form.change} />
      <SubmitButton size="lg" className="w-full" icon={<Icon />} pending={busy} pendingLabel={pending}>
        {submit}
      </SubmitButton>
    </form>
  );
}
