import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponseSchema, type PublicUser } from '@tonemark/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/react-query';

/** GET /api/auth/me: the signed-in user, or null when there is no session (401). */
export async function getMe(): Promise<PublicUser | null> {
  try {
    const { user } = await apiRequest('/api/auth/me', meResponseSchema);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const getMeQueryOptions = () => queryOptions({ queryKey: queryKeys.me, queryFn: getMe });

export function useUser() {
  return useQuery(getMeQueryOptions());
}
