import type { DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as addressesEndpoints from '../endpoints/addresses';
import { replaceAddresses } from './get-addresses';

/**
 * Deletes an address (`addressesApi.deleteAddress`); answers the remaining list (when the
 * default goes, the server names another). @throws ApiError 404 not the customer's address.
 */
export function deleteAddress(addressId: number): Promise<DeliveryAddressList> {
  return callApi(addressesEndpoints.deleteAddress, { params: { addressId } });
}

/** Deletes an address; the answered list replaces the cached one (and the profile is read again). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
