import type {
  RecoveryCodes,
  SecuritySettings,
  SessionResponse,
  SessionUser,
  TwoFactorLoginRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import type { MessageResponse } from './auth';
import { sessionKeys } from './session';

/**
 * Two-step sign-in (issue 5 item 2; docs/accounts.md): the second step of a staff login, the
 * staff's own setup on the profile page and the admin's security settings.
 */

export const twoFactorKeys = {
  status: ['account', 'two-factor'] as const,
  securitySettings: ['admin', 'security-settings'] as const,
};

/**
 * `POST /api/auth/login/two-factor`: the authenticator or recovery code after the password.
 * @throws ApiError 422 wrong code, 401 the pending sign-in expired, 429 too many wrong codes.
 */
export function loginTwoFactor(body: TwoFactorLoginRequest): Promise<{ user: SessionUser }> {
  return apiFetch<{ user: SessionUser }>('/api/auth/login/two-factor', { method: 'POST', body });
}

/** Finishes a sign-in and stores the new session in the query cache. */
export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionKeys.all, { user } satisfies SessionResponse);
    },
  });
}

/** `GET /api/account/two-factor`: on or off, required by the admin, recovery codes left. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiFetch<TwoFactorStatus>('/api/account/two-factor', { signal });
}

export function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorKeys.status,
    queryFn: ({ signal }) => getTwoFactorStatus(signal),
  });
}

/** The signed-in staff user's two-step sign-in status. */
export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

/** `POST /api/account/two-factor/setup`: a new key and recovery codes. @throws ApiError 400, 409. */
export function setupTwoFactor(body: { password: string }): Promise<TwoFactorSetup> {
  return apiFetch<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST', body });
}

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}

/** Re-reads the status and the session (whose `twoFactorSetupRequired` may change). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
    ]);
}

/** `POST /api/account/two-factor/confirm`: the first code turns it on. @throws ApiError 422. */
export function confirmTwoFactor(body: { code: string }): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/account/two-factor/confirm', { method: 'POST', body });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: confirmTwoFactor, onSuccess: refresh });
}

/** `POST /api/account/two-factor/disable`. @throws ApiError 400 password, 403 required by policy. */
export function disableTwoFactor(body: { password: string }): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/account/two-factor/disable', { method: 'POST', body });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}

/** `POST /api/account/two-factor/recovery-codes`: a new set; the old ones stop working. */
export function renewRecoveryCodes(body: { password: string }): Promise<RecoveryCodes> {
  return apiFetch<RecoveryCodes>('/api/account/two-factor/recovery-codes', {
    method: 'POST',
    body,
  });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** `GET /api/admin/security-settings` (admin). */
export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>('/api/admin/security-settings', { signal });
}

export function useSecuritySettings() {
  return useQuery(
    queryOptions({
      queryKey: twoFactorKeys.securitySettings,
      queryFn: ({ signal }) => getSecuritySettings(signal),
    }),
  );
}

/** `PUT /api/admin/security-settings`. @throws ApiError 422 when the admin has not turned it on. */
export function saveSecuritySettings(body: SecuritySettings): Promise<SecuritySettings> {
  return apiFetch<SecuritySettings>('/api/admin/security-settings', { method: 'PUT', body });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecuritySettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(twoFactorKeys.securitySettings, settings);
      void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
    },
  });
}
