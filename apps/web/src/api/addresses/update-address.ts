import type { DeliveryAddressList, DeliveryAddressUpdate } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as addressesEndpoints from '../endpoints/addresses';
import { replaceAddresses } from './get-addresses';

/**
 * Changes the fields sent (`addressesApi.updateAddress`); answers the whole list.
 * @throws ApiError 400 with `fields`, 404 not the customer's address.
 */
export function updateAddress({
  addressId,
  changes,
}: {
  addressId: number;
  changes: DeliveryAddressUpdate;
}): Promise<DeliveryAddressList> {
  return callApi(addressesEndpoints.updateAddress, { params: { addressId }, body: changes });
}

/** Edits an address; the answered list replaces the cached one (and the profile is read again). */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
