import type { AccountSessionList, SessionsEnded } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export const sessionKeys = { mine: ['account', 'sessions'] as const };

/** `GET /api/account/sessions`: the signed-in user's browsers, most recently active first. */
export function useMySessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: ({ signal }) => apiFetch<AccountSessionList>('/api/account/sessions', { signal }),
  });
}

/** `POST /api/account/sessions/{id}/end` `{ password }`: ends one of my sessions. */
export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string; password: string }) =>
      apiFetch<SessionsEnded>(`/api/account/sessions/${encodeURIComponent(input.sessionId)}/end`, {
        method: 'POST',
        body: { password: input.password },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** `POST /api/account/sessions/end-others` `{ password }`: signs every other browser out. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<SessionsEnded>('/api/account/sessions/end-others', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** `POST /api/admin/users/{userId}/sessions/end` (admin): ends every session of one account. */
export function useEndUserSessions() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<SessionsEnded>(`/api/admin/users/${encodeURIComponent(userId)}/sessions/end`, {
        method: 'POST',
      }),
  });
}

/** `POST /api/admin/sessions/end-all` `{ password }` (admin): everyone but this browser signs in again. */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<SessionsEnded>('/api/admin/sessions/end-all', {
        method: 'POST',
        body: { password },
      }),
  });
}
