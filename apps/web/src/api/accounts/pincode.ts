import { ACCOUNT_MESSAGES, PincodeSchema, type PincodeInfo } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi, isApiError } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';

/**
 * `accountsApi.lookupPincode`: city, state, whether we deliver there (Bihar only) and the post
 * offices of a 6-digit pincode.
 * @throws ApiError 404 for an unknown pincode.
 */
export function getPincodeInfo(pincode: string, signal?: AbortSignal): Promise<PincodeInfo> {
  return callApi(accountsEndpoints.lookupPincode, { params: { pincode }, signal });
}

/** One pincode's details; a pincode's city does not change, so they stay fresh for the visit. */
export function pincodeQueryOptions(pincode: string) {
  return queryOptions({
    queryKey: ['pincode', pincode] as const,
    queryFn: ({ signal }) => getPincodeInfo(pincode, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The pincode when it is 6 digits (worth looking up), else null. */
export function completePincode(pincode: string): string | null {
  const parsed = PincodeSchema.safeParse(pincode);
  return parsed.success ? parsed.data : null;
}

/** The message for an unknown pincode or one outside Bihar, from a lookup's result. */
export function pincodeMessage(
  info: { inServiceArea: boolean } | undefined,
  error: unknown,
): string | null {
  if (isApiError(error, 404)) return ACCOUNT_MESSAGES.pincodeUnknown;
  if (info && !info.inServiceArea) return ACCOUNT_MESSAGES.pincodeOutsideBihar;
  return null;
}
