import type { ChangePasswordRequest } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import type { MessageResponse } from './auth';

/**
 * `POST /api/account/verify-password`: whether the current password is right
 * (`{ verified, message }`: 'Password verified' / 'Password not verified').
 */
export function verifyPassword(body: {
  currentPassword: string;
}): Promise<{ verified: boolean; message: string }> {
  return apiFetch('/api/account/verify-password', { method: 'POST', body });
}

/** Step 1 of the change-password panel. */
export function useVerifyPassword() {
  return useMutation({ mutationFn: verifyPassword });
}

/**
 * `POST /api/account/change-password`; the other sessions of the account end.
 * @throws ApiError 400 with `fields` (`currentPassword`, `newPassword`, `confirmPassword`).
 */
export function changePassword(body: ChangePasswordRequest): Promise<MessageResponse> {
  return apiFetch<MessageResponse>('/api/account/change-password', { method: 'POST', body });
}

/** Step 2 of the change-password panel. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
