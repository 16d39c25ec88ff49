import type { DeliveryAddressInput, DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as addressesEndpoints from '../endpoints/addresses';
import { replaceAddresses } from './get-addresses';

/**
 * Saves a delivery address (`addressesApi.createAddress`; the first one becomes the default)
 * and answers the whole list. @throws ApiError 400 with `fields` (e.g. a pincode outside Bihar),
 * 409 ADDRESS_LIMIT when 10 are saved.
 */
export function createAddress(body: DeliveryAddressInput): Promise<DeliveryAddressList> {
  return callApi(addressesEndpoints.createAddress, { body });
}

/** Saves a new address; the answered list replaces the cached one (and the profile is read again). */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
