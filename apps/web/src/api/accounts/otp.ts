import type { OtpSent } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * `POST /api/auth/registration-otp`: mails the 6-digit code for seller registration.
 * @throws ApiError 409 (email taken), 429 (asked again too soon), 503 (mail not sent).
 */
export function sendRegistrationOtp(email: string): Promise<OtpSent> {
  return apiFetch<OtpSent>('/api/auth/registration-otp', { method: 'POST', body: { email } });
}

export function useSendRegistrationOtp() {
  return useMutation({ mutationFn: sendRegistrationOtp });
}
