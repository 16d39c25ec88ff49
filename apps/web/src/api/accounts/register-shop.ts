import type { ShopDetailsSubmission } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postForm, toFormData } from './register-seller';
import { sessionKeys } from './session';

export interface ShopDetailsRequest {
  fields: ShopDetailsSubmission;
  /** The shop's photo: jpg or png, at most 5 MB. */
  shopImage: File;
}

/**
 * `POST /api/seller/shop-details` (multipart, plus the file `shopImage`): a signed-in seller
 * without a shop registers one.
 * @throws ApiError 400 with `fields`, 401 (signed out), 403 (not a seller, or shop exists), 429.
 */
export function submitShopDetails({
  fields,
  shopImage,
}: ShopDetailsRequest): Promise<{ message: string }> {
  return postForm<{ message: string }>(
    '/api/seller/shop-details',
    toFormData({ ...fields }, { shopImage }),
  );
}

/** Submits the shop, then reloads the session so its `shopId` is set. */
export function useSubmitShopDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitShopDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
