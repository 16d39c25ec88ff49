import type { DeliveryAddressList } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export const addressKeys = { all: ['addresses'] as const };

/**
 * `GET /api/addresses`: the customer's saved delivery addresses, the default first (at most 10).
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export function getAddresses(signal?: AbortSignal): Promise<DeliveryAddressList> {
  return apiFetch<DeliveryAddressList>('/api/addresses', { signal });
}

/** The saved addresses query, shared by the profile and (later) checkout. */
export function addressesQueryOptions() {
  return queryOptions({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => getAddresses(signal),
  });
}

/** The customer's saved delivery addresses. */
export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
