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
import { callApi } from '../api-client';
import * as twoFactorEndpoints from '../endpoints/two-factor';
import type { MessageResponse } from './auth';
import { sessionKeys } from './session';

/**
 * Two-step sign-in (`twoFactorApi`; docs/accounts.md): the second step of a staff login, the
 * staff's own setup on the profile page and the admin's security settings.
 */

export const twoFactorKeys = {
  status: ['account', 'two-factor'] as const,
  securitySettings: ['admin', 'security-settings'] as const,
};

/**
 * The authenticator or recovery code after the password (`twoFactorApi.loginTwoFactor`).
 * @throws ApiError 422 TWO_FACTOR_CODE_INVALID, 401 the pending sign-in expired, 429 too many
 *   wrong codes.
 */
export function loginTwoFactor(body: TwoFactorLoginRequest): Promise<{ user: SessionUser }> {
  return callApi(twoFactorEndpoints.loginTwoFactor, { body });
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

/** On or off, required by the admin, recovery codes left (`twoFactorApi.getTwoFactorStatus`). */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return callApi(twoFactorEndpoints.getTwoFactorStatus, { signal });
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

/** A new key and recovery codes (`twoFactorApi.setupTwoFactor`). @throws ApiError 400, 409. */
export function setupTwoFactor(body: { password: string }): Promise<TwoFactorSetup> {
  return callApi(twoFactorEndpoints.setupTwoFactor, { body });
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

/**
 * The first code turns it on (`twoFactorApi.confirmTwoFactor`).
 * @throws ApiError 422 TWO_FACTOR_CODE_INVALID, or no setup started.
 */
export function confirmTwoFactor(body: { code: string }): Promise<MessageResponse> {
  return callApi(twoFactorEndpoints.confirmTwoFactor, { body });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: confirmTwoFactor, onSuccess: refresh });
}

/**
 * Turns it off (`twoFactorApi.disableTwoFactor`).
 * @throws ApiError 400 wrong password, 403 required by policy.
 */
export function disableTwoFactor(body: { password: string }): Promise<MessageResponse> {
  return callApi(twoFactorEndpoints.disableTwoFactor, { body });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh });
}

/** A new set of recovery codes; the old ones stop working (`twoFactorApi.renewRecoveryCodes`). */
export function renewRecoveryCodes(body: { password: string }): Promise<RecoveryCodes> {
  return callApi(twoFactorEndpoints.renewRecoveryCodes, { body });
}

export function useRenewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** Whether all staff must use two-step sign-in (`twoFactorApi.getSecuritySettings`, admin). */
export function getSecuritySettings(signal?: AbortSignal): Promise<SecuritySettings> {
  return callApi(twoFactorEndpoints.getSecuritySettings, { signal });
}

export function useSecuritySettings() {
  return useQuery(
    queryOptions({
      queryKey: twoFactorKeys.securitySettings,
      queryFn: ({ signal }) => getSecuritySettings(signal),
    }),
  );
}

/**
 * Saves the security settings (`twoFactorApi.saveSecuritySettings`, admin).
 * @throws ApiError 422 when the admin's own account does not use two-step sign-in.
 */
export function saveSecuritySettings(body: SecuritySettings): Promise<SecuritySettings> {
  return callApi(twoFactorEndpoints.saveSecuritySettings, { body });
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
