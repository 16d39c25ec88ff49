import type { LoginRequest, SessionResponse, SessionUser } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { sessionKeys } from './session';

// Apart from session.ts, which the header loads on every page: the mutation code stays out of
// the home page's JavaScript.

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
