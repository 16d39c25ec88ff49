import type { OtpSent } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

/**
 * Mails the 6-digit code (`accountsApi.sendRegistrationOtp`) for seller registration.
 * @throws ApiError 409 (email taken), 429 (asked again too soon), 503 (mail not sent).
 */
export function sendRegistrationOtp(email: string): Promise<OtpSent> {
  return callApi(accountsEndpoints.sendRegistrationOtp, { body: { email } });
}

export function useSendRegistrationOtp() {
  return useMutation({ mutationFn: sendRegistrationOtp });
}
