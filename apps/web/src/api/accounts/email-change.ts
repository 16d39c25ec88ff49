import type { PendingEmailChange } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as emailChangeEndpoints from '../endpoints/email-change';
import type { MessageResponse } from './auth';

export const pendingEmailChangeKeys = { all: ['account', 'email-change'] as const };

/**
 * The signed-in user's email change made by staff and waiting for the new address
 * (`emailChangeApi.getPendingEmailChange`): `{ pending: { email, expiresAt } | null }`.
 * @throws ApiError 401.
 */
export function getPendingEmailChange(signal?: AbortSignal): Promise<PendingEmailChange> {
  return callApi(emailChangeEndpoints.getPendingEmailChange, { signal });
}

/** The pending email change, cached under `pendingEmailChangeKeys.all`. */
export function pendingEmailChangeQueryOptions() {
  return queryOptions({
    queryKey: pendingEmailChangeKeys.all,
    queryFn: ({ signal }) => getPendingEmailChange(signal),
  });
}

/** The pending email change (the customer's profile notice). */
export function usePendingEmailChange() {
  return useQuery(pendingEmailChangeQueryOptions());
}

/**
 * Makes the new address the account's email with the mailed token
 * (`emailChangeApi.verifyEmailChange`). @throws ApiError 400 invalid, used or expired link; 409.
 */
export function verifyEmailChange(body: { token: string }): Promise<MessageResponse> {
  return callApi(emailChangeEndpoints.verifyEmailChange, { body });
}

/** Confirms a staff-made email change (`/VerifyEmailChange`). */
export function useVerifyEmailChange() {
  return useMutation({ mutationFn: verifyEmailChange });
}
