import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meResponseSchema, type PublicUser, type RegisterInput } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';
import { getMe } from './get-me';
import { login } from './login';

/** POST /api/auth/register → 201 {user} and a session; 409 when the email or username is taken. */
export async function register(input: RegisterInput): Promise<PublicUser> {
  const { user } = await apiRequest('/api/auth/register', meResponseSchema, { method: 'POST', body: input });
  return user;
}

/** Registers, then makes sure a session exists (signing in if the server did not start one). */
export async function registerAndSignIn(input: RegisterInput): Promise<PublicUser> {
  const user = await register(input);
  const current = await getMe();
  if (current) return current;
  await login({ email: input.email, password: input.password });
  return user;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerAndSignIn,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
