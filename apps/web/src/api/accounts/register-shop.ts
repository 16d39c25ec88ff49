import type { ShopDetailsSubmission } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';
import { toFormData } from './register-seller';
import { sessionKeys } from './session';

export interface ShopDetailsRequest {
  fields: ShopDetailsSubmission;
  /** The shop's photo: jpg or png, at most 5 MB. */
  shopImage: File;
}

/**
 * A signed-in seller without a shop registers one (`accountsApi.submitShopDetails`, multipart:
 * the fields and the file `shopImage`).
 * @throws ApiError 400 with `fields`, 401 (signed out), 403 (not a seller, or shop exists), 429.
 */
export function submitShopDetails({
  fields,
  shopImage,
}: ShopDetailsRequest): Promise<{ message: string }> {
  return callApi(accountsEndpoints.submitShopDetails, {
    body: toFormData({ ...fields }, { shopImage }),
  });
}

/** Submits the shop, then reloads the session so its `shopId` is set. */
export function useSubmitShopDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitShopDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
