import type { DeliveryAddressList, DeliveryAddressUpdate } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceAddresses } from './get-addresses';

/**
 * `PATCH /api/addresses/{addressId}` with the fields to change; answers the whole list.
 * @throws ApiError 400 with `fields`, 404 not the customer's address.
 */
export function updateAddress({
  addressId,
  changes,
}: {
  addressId: number;
  changes: DeliveryAddressUpdate;
}): Promise<DeliveryAddressList> {
  return apiFetch<DeliveryAddressList>(`/api/addresses/${addressId}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** Edits an address; the answered list replaces the cached one (and the profile is read again). */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
