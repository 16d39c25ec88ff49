import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as sessionsEndpoints from '../endpoints/sessions';
import * as twoFactorEndpoints from '../endpoints/two-factor';

export const sessionKeys = { mine: ['account', 'sessions'] as const };

/** The signed-in user's browsers, most recently active first (`sessionsApi.listMySessions`). */
export function useMySessions() {
  return useQuery({
    queryKey: sessionKeys.mine,
    queryFn: ({ signal }) => callApi(sessionsEndpoints.listMySessions, { signal }),
  });
}

/** Ends one of my sessions after the password (`sessionsApi.endMySession`). */
export function useEndMySession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sessionId: string; password: string }) =>
      callApi(sessionsEndpoints.endMySession, {
        params: { sessionId: input.sessionId },
        body: { password: input.password },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** Signs every other browser out after the password (`sessionsApi.endOtherSessions`). */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      callApi(sessionsEndpoints.endOtherSessions, { body: { password } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.mine }),
  });
}

/** Ends every session of one account (`sessionsApi.endUserSessions`, admin). */
export function useEndUserSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(sessionsEndpoints.endUserSessions, { params: { userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}

/**
 * Ends every session but this browser's after the password (`sessionsApi.endAllSessions`,
 * admin): everyone else signs in again.
 */
export function useEndAllSessions() {
  return useMutation({
    mutationFn: (password: string) =>
      callApi(sessionsEndpoints.endAllSessions, { body: { password } }),
  });
}

/**
 * The account with this sign-in email, its two-step sign-in state and session count
 * (`sessionsApi.lookupAccount`, admin); nothing is fetched while `email` is null.
 */
export function useAccountLookup(email: string | null) {
  return useQuery({
    queryKey: ['admin', 'accounts', email] as const,
    queryFn: ({ signal }) =>
      callApi(sessionsEndpoints.lookupAccount, { query: { email: email ?? undefined }, signal }),
    enabled: email !== null,
    retry: false,
  });
}

/**
 * Turns a staff member's two-step sign-in off after a lost phone; their sessions end too
 * (`twoFactorApi.resetUserTwoFactor`, admin).
 */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(twoFactorEndpoints.resetUserTwoFactor, { params: { userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'accounts'] }),
  });
}
