import type { AccountLookup, AccountSessionList, SessionsEnded } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<SessionsEnded>(`/api/admin/users/${encodeURIComponent(userId)}/sessions/end`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
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

/** `GET /api/admin/accounts?email=` (admin): the account with its 2FA state and session count. */
export function useAccountLookup(email: string | null) {
  return useQuery({
    queryKey: ['admin', 'accounts', email] as const,
    queryFn: ({ signal }) =>
      apiFetch<AccountLookup>(withQuery('/api/admin/accounts', { email: email ?? undefined }), {
        signal,
      }),
    enabled: email !== null,
    retry: false,
  });
}

/** `POST /api/admin/users/{userId}/two-factor/reset` (admin): a lost phone; sessions end too. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<{ message: string }>(
        `/api/admin/users/${encodeURIComponent(userId)}/two-factor/reset`,
        { method: 'POST' },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}
