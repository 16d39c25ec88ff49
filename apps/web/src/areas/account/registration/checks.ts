import { ACCOUNT_MESSAGES, EmailSchema } from '@bazaar/shared';
import type { QueryClient } from '@tanstack/react-query';
import { emailAvailabilityQueryOptions } from '../../../api/accounts/email-availability';
import {
  completePincode,
  pincodeMessage,
  pincodeQueryOptions,
} from '../../../api/accounts/pincode';

/**
 * The checks only the server can answer, run before leaving a step: is the email free, is the
 * pincode known and in Bihar. A failed check (network, rate limit) does not block the step: the
 * server checks again on submit.
 */

/** The email as the server compares it (trimmed, lower case), or null when it is not an email. */
export function normalEmail(email: string): string | null {
  const parsed = EmailSchema.safeParse(email);
  return parsed.success ? parsed.data : null;
}

/** 'This email address is already being used' when taken, else null. */
export async function emailProblem(
  queryClient: QueryClient,
  email: string,
): Promise<string | null> {
  const normal = normalEmail(email);
  if (!normal) return null;
  try {
    const availability = await queryClient.fetchQuery(emailAvailabilityQueryOptions(normal));
    return availability.emailStatus === 'exist' ? ACCOUNT_MESSAGES.emailTaken : null;
  } catch {
    return null;
  }
}

/** Looks the pincode up (cached) and returns the message that blocks the step, or null. */
export async function pincodeProblem(
  queryClient: QueryClient,
  pincode: string,
): Promise<string | null> {
  const complete = completePincode(pincode);
  if (!complete) return null;
  try {
    return pincodeMessage(await queryClient.fetchQuery(pincodeQueryOptions(complete)), null);
  } catch (error) {
    return pincodeMessage(undefined, error);
  }
}
