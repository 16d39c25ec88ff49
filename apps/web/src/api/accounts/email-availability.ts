import type { EmailAvailability } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

export const emailAvailabilityKeys = {
  all: ['email-availability'] as const,
  one: (email: string) => ['email-availability', email] as const,
};

/**
 * `accountsApi.checkEmailAvailability`: whether an email (lower case) is free for a new account;
 * `emailStatus: 'exist'` means taken (the registration forms' live check).
 * @throws ApiError 400 for an invalid email, 429 when rate limited.
 */
export function checkEmailAvailability(
  email: string,
  signal?: AbortSignal,
): Promise<EmailAvailability> {
  return callApi(accountsEndpoints.checkEmailAvailability, { body: { email }, signal });
}

/** The availability of one email; cached for a minute so typing back and forth asks once. */
export function emailAvailabilityQueryOptions(email: string) {
  return queryOptions({
    queryKey: emailAvailabilityKeys.one(email),
    queryFn: ({ signal }) => checkEmailAvailability(email, signal),
    staleTime: 60_000,
    retry: false,
  });
}
