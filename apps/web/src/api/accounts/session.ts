import type { LoginRequest, SessionResponse, SessionUser } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export const sessionKeys = { all: ['session'] as const };

/** `GET /api/auth/session`: the signed-in user, or null. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/auth/session', { signal });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user (`user` is null when signed out; undefined while loading). */
export function useSession(): { user: SessionUser | null | undefined; isLoading: boolean } {
  const query = useQuery(sessionQueryOptions());
  return {
    user: query.data?.user ?? (query.isPending ? undefined : null),
    isLoading: query.isPending,
  };
}

/** `POST /api/auth/login`. @throws ApiError 400 (captcha), 401, 403, 429. */
export function login(body: LoginRequest): Promise<{ user: SessionUser }> {
  return apiFetch<{ user: SessionUser }>('/api/auth/login', { method: 'POST', body });
}

/** Signs in and stores the new session in the query cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionKeys.all, { user } satisfies SessionResponse);
    },
  });
}

/** `POST /api/auth/logout`: ends the session on the server. */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}
