import type { DeliveryAddressList } from '@bazaar/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { profileKeys } from '../accounts/profile';
import { callApi } from '../api-client';
import * as addressesEndpoints from '../endpoints/addresses';

export const addressKeys = { all: ['addresses'] as const };

/**
 * The customer's saved delivery addresses, the default first (at most 10;
 * `addressesApi.listAddresses`).
 * @throws ApiError 401 signed out, 403 not a customer.
 */
export function getAddresses(signal?: AbortSignal): Promise<DeliveryAddressList> {
  return callApi(addressesEndpoints.listAddresses, { signal });
}

/** The saved addresses query, shared by the profile and (later) checkout. */
export function addressesQueryOptions() {
  return queryOptions({
    queryKey: addressKeys.all,
    queryFn: ({ signal }) => getAddresses(signal),
  });
}

/** The customer's saved delivery addresses (`enabled: false` waits, e.g. until signed in). */
export function useAddresses(options: { enabled?: boolean } = {}) {
  return useQuery({ ...addressesQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * Stores a changed list answered by the server. The default address is also the profile's
 * delivery address on the server, so the cached profile is read again.
 */
export function replaceAddresses(queryClient: QueryClient, list: DeliveryAddressList): void {
  queryClient.setQueryData(addressKeys.all, list);
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}
