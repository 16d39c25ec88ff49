import type { DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceAddresses } from './get-addresses';

/**
 * `DELETE /api/addresses/{addressId}`; answers the remaining list (when the default goes, the
 * server names another). @throws ApiError 404 not the customer's address.
 */
export function deleteAddress(addressId: number): Promise<DeliveryAddressList> {
  return apiFetch<DeliveryAddressList>(`/api/addresses/${addressId}`, { method: 'DELETE' });
}

/** Deletes an address; the answered list replaces the cached one (and the profile is read again). */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
