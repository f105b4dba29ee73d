import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginInput, meResponseSchema, type PublicUser } from '@tonemark/shared';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** POST /api/auth/login → 200 {user}; 401 on bad credentials, 429 when rate limited. */
export async function login(input: LoginInput): Promise<PublicUser> {
  const { user } = await apiRequest('/api/auth/login', meResponseSchema, { method: 'POST', body: input });
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // Data cached for another account (or none) must not leak into this session.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, user);
    },
  });
}
