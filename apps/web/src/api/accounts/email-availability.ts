import type { EmailAvailability } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export const emailAvailabilityKeys = {
  all: ['email-availability'] as const,
  one: (email: string) => ['email-availability', email] as const,
};

/**
 * `POST /api/auth/email-availability`: whether an email (lower case) is free for a new account;
 * `emailStatus: 'exist'` means taken (marketplace.md sections 3-4).
 * @throws ApiError 400 for an invalid email, 429 when rate limited.
 */
export function checkEmailAvailability(
  email: string,
  signal?: AbortSignal,
): Promise<EmailAvailability> {
  return apiFetch<EmailAvailability>('/api/auth/email-availability', {
    method: 'POST',
    body: { email },
    signal,
  });
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
