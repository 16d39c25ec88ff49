import type { ChangePasswordRequest } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';
import type { MessageResponse } from './auth';

/**
 * Whether the current password is right (`accountsApi.verifyPassword`)
 * (`{ verified, message }`: 'Password verified' / 'Password not verified').
 */
export function verifyPassword(body: {
  currentPassword: string;
}): Promise<{ verified: boolean; message: string }> {
  return callApi(accountsEndpoints.verifyPassword, { body });
}

/** Step 1 of the change-password panel. */
export function useVerifyPassword() {
  return useMutation({ mutationFn: verifyPassword });
}

/**
 * Changes the password (`accountsApi.changePassword`); the other sessions of the account end.
 * @throws ApiError 400 with `fields` (`currentPassword`, `newPassword`, `confirmPassword`).
 */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return callApi(accountsEndpoints.changePassword, { body });
}

/** Step 2 of the change-password panel. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
