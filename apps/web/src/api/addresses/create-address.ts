import type { DeliveryAddressInput, DeliveryAddressList } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { replaceAddresses } from './get-addresses';

/**
 * `POST /api/addresses`: saves a delivery address (the first one becomes the default) and answers
 * the whole list. @throws ApiError 400 with `fields` (e.g. a pincode outside Bihar), 409 over 10.
 */
export function createAddress(body: DeliveryAddressInput): Promise<DeliveryAddressList> {
  return apiFetch<DeliveryAddressList>('/api/addresses', { method: 'POST', body });
}

/** Saves a new address; the answered list replaces the cached one (and the profile is read again). */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: (list) => replaceAddresses(queryClient, list),
  });
}
