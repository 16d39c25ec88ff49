import type { DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceAddresses } from './get-addresses';

/**
 * `POST /api/addresses/{addressId}/default`: makes this the default delivery address; answers the
 * list with it first. @throws ApiError 404 not the customer's address.
 */
export function setDefaultAddress(addressId: number): Promise<DeliveryAddressList> {
  return apiFetch<DeliveryAddressList>(`/api/addresses/${addressId}/default`, { method: 'POST' });
}

/** Makes an address the default; the answered list replaces the cached one (and the profile is read again). */
export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
