import type { DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as addressesEndpoints from '../endpoints/addresses';
import { replaceAddresses } from './get-addresses';

/**
 * Makes this the default delivery address (`addressesApi.setDefaultAddress`); answers
 * the list with it first. @throws ApiError 404 not the customer's address.
 */
export function setDefaultAddress(addressId: number): Promise<DeliveryAddressList> {
  return callApi(addressesEndpoints.setDefaultAddress, { params: { addressId } });
}

/** Makes an address the default; the answered list replaces the cached one (and the profile is read again). */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
